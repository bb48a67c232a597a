import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectUser } from '../../../machines/session/session.selectors';
import { usePageTitle } from '../../lib/page-title';
import { useRuntime } from '../../lib/runtime-context';
import '../../ui/styles/account.css';
import { ConnectedAccounts } from './ConnectedAccounts';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { SessionsSection } from './SessionsSection';
import { useSessions } from './use-sessions';

/** settings.profile: personal details, password, sessions, connected providers: one card each. */
export function ProfileSettingsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Profile`);
  const user = useSelector(useRuntime().session, selectUser);
  const sessions = useSessions();
  if (!user) return null;
  return (
    <div className="settings-stack">
      <ProfileForm user={user} />
      <PasswordForm sessions={sessions} />
      <SessionsSection sessions={sessions} />
      <ConnectedAccounts />
    </div>
  );
}
