import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectFullName, selectUser } from '../../../machines/session/session.selectors';
import { useRuntime } from '../../lib/runtime-context';
import { Avatar } from './Avatar';
import { NavLinks, SupportCard } from './NavLinks';

/**
 * Seed: shown from large screens up (1280 px); avatar, name, e-mail, navigation, support. `frame`:
 * drawn before the user is known (renderSignedInFrame, src/prerender.tsx), the profile's place held by an empty avatar.
 */
export function Sidebar({ frame = false }: { frame?: boolean }) {
  const { t } = useLingui();
  const { session } = useRuntime();
  const user = useSelector(session, selectUser);
  return (
    <aside className="sidebar" aria-label={t({ message: 'Sidebar', comment: 'Accessible name of the side panel' })}>
      {user ? <Profile /> : frame ? <ProfilePlaceholder /> : null}
      <NavLinks />
      <SupportCard />
    </aside>
  );
}

function Profile() {
  const { session } = useRuntime();
  const user = useSelector(session, selectUser);
  if (!user) return null;
  return (
    <div className="profile">
      <Avatar user={user} />
      <div style={{ minWidth: 0 }}>
        <div className="profile-name">{selectFullName(user)}</div>
        <div className="profile-email">{user.email}</div>
      </div>
    </div>
  );
}

/** The profile's place while the user loads: the avatar's circle, which sets the row's height. */
function ProfilePlaceholder() {
  return (
    <div className="profile" aria-hidden="true">
      <span className="avatar avatar-placeholder" />
    </div>
  );
}

/** The mobile menu's content in the navbar: the same profile, links and support card as the sidebar. */
export function MobileMenu({ onNavigate }: { onNavigate: () => void }) {
  return (
    <div style={{ display: 'grid', gap: 'var(--space-4)' }}>
      <Profile />
      <NavLinks onNavigate={onNavigate} />
      <SupportCard />
    </div>
  );
}
