import { createFileRoute } from '@tanstack/react-router';
import { requireRole } from '../../../lib/guards';
import { lazyScreen } from '../../../lib/lazy';
import { historySearch } from '../../../lib/search-params';

export const Route = createFileRoute('/$lang/_auth/history')({
  validateSearch: historySearch,
  beforeLoad: ({ context }) => requireRole(context.runtime, context.lang, 'client,admin'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => context.load('history', deps, cause),
  component: lazyScreen(() => import('./-screens').then((screens) => screens.HistoryScreen()), 'HistoryScreen'),
});
