import { z } from 'zod';

/** GET /api/user (type: `User` in user.ts). */
export const userSchema = z.object({
  id: z.number().int().positive(),
  first_name: z.string(),
  second_name: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  pending_email: z.string().nullable().optional(),
  roles: z.array(z.string()),
  role: z.string(),
  created_at: z.string(),
});
