import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../../lib/lazy';
import { walletRequestsSearch } from '../../../../../lib/search-params';

export const Route = createFileRoute('/$lang/_auth/_admin/administration/requests')({
  validateSearch: walletRequestsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => context.load('walletRequests', deps, cause),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.AdminRequestsScreen()), 'AdminRequestsScreen'),
});
