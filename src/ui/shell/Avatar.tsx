import { avatarColor, selectInitials } from '../../../machines/session/session.selectors';
import type { User } from '../../../contract/user';

/** Up to two initials on a colour derived from the first letter (seed, sidebar). */
export function Avatar({ user, small = false }: { user: User; small?: boolean }) {
  const initials = selectInitials(user);
  return (
    <span className={`avatar${small ? ' avatar-sm' : ''}`} style={{ background: avatarColor(initials) }} aria-hidden="true">
      {initials}
    </span>
  );
}
