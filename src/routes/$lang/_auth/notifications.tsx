import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../lib/lazy';
import { notificationsSearch } from '../../../lib/search-params';

export const Route = createFileRoute('/$lang/_auth/notifications')({
  validateSearch: notificationsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => context.load('notifications', deps, cause),
  component: lazyScreen(() => import('./-screens').then((screens) => screens.NotificationsScreen()), 'NotificationsScreen'),
});
