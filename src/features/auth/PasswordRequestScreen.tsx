import { useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/page-title';
import { requestPasswordReset } from './api/recovery';
import { AuthCard } from './AuthCard';
import { EmailStatusForm } from './StatusForm';

export function PasswordRequestScreen() {
  const { t } = useLingui();
  usePageTitle(t`Reset password`);
  return (
    <AuthCard title={t`Reset password`} subtitle={t`Enter your e-mail and we will send you a link to choose a new password.`}>
      <EmailStatusForm submit={requestPasswordReset} submitLabel={t`Send reset link`} />
    </AuthCard>
  );
}
