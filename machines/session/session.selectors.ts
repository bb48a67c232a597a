import type { SnapshotFrom } from 'xstate';
import type { Role, User } from '../../contract/user';
import type { sessionMachine } from './session.machine';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

type NamedUser = Pick<User, 'first_name' | 'second_name'>;
type RoleHolder = Pick<User, 'roles' | 'role'>;

export const selectUser = (snapshot: SessionSnapshot): User | null => snapshot.context.user;

export const selectToken = (snapshot: SessionSnapshot): string | null => snapshot.context.token;

export const selectIsSignedIn = (snapshot: SessionSnapshot): boolean => snapshot.context.user !== null;

/** True until the session has settled (booting is transient, but a snapshot taken mid-step may show it). */
export const selectIsResolving = (snapshot: SessionSnapshot): boolean =>
  snapshot.hasTag('resolving') || snapshot.matches('booting');

function holdsRole(user: RoleHolder, role: string): boolean {
  return (user.roles ?? []).includes(role) || user.role === role;
}

export const selectIsAdmin = (snapshot: SessionSnapshot): boolean => {
  const user = snapshot.context.user;
  return user !== null && holdsRole(user, 'admin' satisfies Role);
};

/** The role guard: passes a user holding at least one of `roles`. */
export const selectHasAnyRole = (snapshot: SessionSnapshot, roles: readonly string[]): boolean => {
  const user = snapshot.context.user;
  return user !== null && roles.some((role) => holdsRole(user, role));
};

/** First letter of first_name and of second_name, upper-case; '' when both are empty. */
export function selectInitials(user: NamedUser | null | undefined): string {
  if (!user) return '';
  return [user.first_name, user.second_name]
    .map((name) => Array.from((name ?? '').trim())[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

export function selectFullName(user: NamedUser | null | undefined): string {
  if (!user) return '';
  return [user.first_name, user.second_name]
    .map((name) => (name ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * Avatar backgrounds. Each has a contrast ratio of at least 4.5:1 against white text
 * (WCAG AA for normal text); the test recomputes the ratios.
 */
export const AVATAR_PALETTE = [
  '#1d4ed8', // blue
  '#047857', // green
  '#b91c1c', // red
  '#7e22ce', // purple
  '#c2410c', // orange
  '#0f766e', // teal
  '#be185d', // pink
  '#4338ca', // indigo
] as const;

export type AvatarColor = (typeof AVATAR_PALETTE)[number];

/** A stable colour for the avatar, chosen by the first letter so a user keeps the same colour. */
export function avatarColor(initials: string): AvatarColor {
  const first = initials.codePointAt(0) ?? 0;
  return AVATAR_PALETTE[first % AVATAR_PALETTE.length] as AvatarColor;
}
