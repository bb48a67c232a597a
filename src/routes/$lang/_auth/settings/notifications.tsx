import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/settings/notifications')({
  component: lazyScreen(() => import('../-screens').then((screens) => screens.NotificationSettingsScreen()), 'NotificationSettingsScreen'),
});
