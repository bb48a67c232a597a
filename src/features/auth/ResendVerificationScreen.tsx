import { useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/page-title';
import { resendVerification } from './api/recovery';
import { AuthCard } from './AuthCard';
import { EmailStatusForm } from './StatusForm';

export function ResendVerificationScreen() {
  const { t } = useLingui();
  usePageTitle(t`Resend verification link`);
  return (
    <AuthCard
      title={t`Resend verification link`}
      subtitle={t`Enter the e-mail you registered with and we will send a new verification link.`}
    >
      <EmailStatusForm submit={resendVerification} submitLabel={t`Send link`} />
    </AuthCard>
  );
}
