import { createFileRoute } from '@tanstack/react-router';
import { LEDGER_KINDS, LEDGER_STATUSES } from '../../../../contract/trading';
import { requireRole } from '../../../lib/guards';
import { lazyScreen } from '../../../lib/lazy';
import { preload } from '../../../lib/preload';
import { defined, isoDay, oneOf, positiveInt } from '../../../lib/search-params';

export const Route = createFileRoute('/$lang/_auth/history')({
  validateSearch: (search) =>
    defined({
      account: positiveInt(search.account),
      type: oneOf(LEDGER_KINDS, search.type),
      status: oneOf(LEDGER_STATUSES, search.status),
      from: isoDay(search.from),
      to: isoDay(search.to),
      page: positiveInt(search.page),
    }),
  beforeLoad: ({ context }) => requireRole(context.runtime, context.lang, 'client,admin'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    preload(context, (client) => import('../../../features/history/preload').then((m) => m.preloadHistory(client, deps)), cause),
  component: lazyScreen(() => import('../../../features/history/HistoryScreen'), 'HistoryScreen'),
});
