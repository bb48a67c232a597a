import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/_admin/administration/requests')({
  component: lazyScreen(() => import('../../../../../features/admin/AdminRequestsScreen'), 'AdminRequestsScreen'),
});
