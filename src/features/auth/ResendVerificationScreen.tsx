import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';
import { resendVerification } from './api/recovery';
import { AuthCard } from './AuthCard';
import { EmailStatusForm } from './StatusForm';

const route = getRouteApi('/$lang/_guest/email/resend');

export function ResendVerificationScreen() {
  const { t } = useLingui();
  usePageTitle(t`Resend verification link`);
  const { email = '' } = route.useSearch();
  return (
    <AuthCard
      title={t`Resend verification link`}
      subtitle={t`Enter the e-mail you registered with and we will send a new verification link.`}
    >
      <EmailStatusForm submit={resendVerification} submitLabel={t`Send link`} initialEmail={email} />
    </AuthCard>
  );
}
