import { createFileRoute } from '@tanstack/react-router';
import { LEDGER_STATUSES } from '../../../../../../contract/trading';
import { lazyScreen } from '../../../../../lib/lazy';
import { preload } from '../../../../../lib/preload';
import { defined, oneOf, positiveInt } from '../../../../../lib/search-params';

export const Route = createFileRoute('/$lang/_auth/_admin/administration/requests')({
  validateSearch: (search) => defined({ status: oneOf(LEDGER_STATUSES, search.status), page: positiveInt(search.page) }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    preload(
      context,
      (client) =>
        import('../../../../../features/admin/api/fetch-wallet-requests').then((m) =>
          client.ensureQueryData(m.walletRequestsQuery(deps.status ?? 'pending', deps.page ?? 1)),
        ),
      cause,
    ),
  component: lazyScreen(() => import('../../../../../features/admin/AdminRequestsScreen'), 'AdminRequestsScreen'),
});
