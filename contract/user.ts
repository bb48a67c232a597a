/** The signed-in user and the role names (schema: user.schema.ts). */

export const ROLES = ['admin', 'client'] as const;
export type Role = (typeof ROLES)[number];

/** Whether `roles` (names as the API and the database hold them) include `role`. */
export const holdsRole = (roles: readonly string[], role: Role): boolean => roles.includes(role);

/** GET /api/user: the signed-in user as the app stores it. */
export interface User {
  id: number;
  first_name: string;
  second_name: string;
  email: string;
  email_verified_at: string | null;
  /**
   * Ours: a new address asked for in the settings, not yet confirmed through the link mailed to it;
   * null when none. Optional because a Laravel back end of the template family does not send it.
   */
  pending_email?: string | null;
  roles: string[];
  /** The user's primary role, from `roles`: `admin` when held, else `client` when held, else the first held, else ''. */
  role: string;
  created_at: string;
}
