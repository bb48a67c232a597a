import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/_admin/administration/verifications')({
  component: lazyScreen(() => import('../-screens').then((screens) => screens.AdminVerificationsScreen()), 'AdminVerificationsScreen'),
});
