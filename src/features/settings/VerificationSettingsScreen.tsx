import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectUser } from '../../../machines/session/session.selectors';
import { usePageTitle } from '../../lib/page-title';
import { useRuntime } from '../../lib/runtime-context';
import { EmailVerification, IdentityVerification } from '../verification';

export function VerificationSettingsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Verification`);
  const user = useSelector(useRuntime().session, selectUser);
  if (!user) return null;
  return (
    <div className="verification-stack">
      <EmailVerification user={user} />
      <IdentityVerification />
    </div>
  );
}
