import { z } from 'zod';

export const ROLES = ['admin', 'client'] as const;
export type Role = (typeof ROLES)[number];

/** GET /api/user: the signed-in user as the app stores it. */
export const userSchema = z.object({
  id: z.number().int().positive(),
  first_name: z.string(),
  second_name: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  /**
   * Ours: a new address asked for in the settings, not yet confirmed through the link mailed to it;
   * null when none. Optional because a Laravel back end of the template family does not send it.
   */
  pending_email: z.string().nullable().optional(),
  roles: z.array(z.string()),
  /** The user's primary role, from `roles`: `admin` when held, else `client` when held, else the first held, else ''. */
  role: z.string(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;
