import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/settings/settings')({
  component: lazyScreen(() => import('../-screens').then((screens) => screens.CalendarSettingsScreen()), 'CalendarSettingsScreen'),
});
