import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../../../lib/lazy';
import { ticketQueueSearch } from '../../../../../../lib/search-params';

export const Route = createFileRoute('/$lang/_auth/_admin/administration/tickets/')({
  validateSearch: ticketQueueSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => context.load('ticketQueue', deps, cause),
  component: lazyScreen(() => import('../../-screens').then((screens) => screens.AdminTicketsScreen()), 'AdminTicketsScreen'),
});
