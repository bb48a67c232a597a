import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/settings/profile')({
  component: lazyScreen(() => import('../../../../features/settings/ProfileSettingsScreen'), 'ProfileSettingsScreen'),
});
