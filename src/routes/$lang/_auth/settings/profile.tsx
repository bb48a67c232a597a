import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/settings/profile')({
  component: lazyScreen(() => import('../-screens').then((screens) => screens.ProfileSettingsScreen()), 'ProfileSettingsScreen'),
});
