import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/settings/privacy')({
  component: lazyScreen(() => import('../../../../features/privacy/PrivacySettingsScreen'), 'PrivacySettingsScreen'),
});
