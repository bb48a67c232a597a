import { z } from 'zod';

import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits';

export { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN };

/** POST /api/login */
export const loginBodySchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
  remember: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the token expires. */
  expires_in: z.number(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/register */
export const registerBodySchema = z.object({
  first_name: z.string().trim().min(1).max(NAME_MAX),
  second_name: z.string().trim().min(1).max(NAME_MAX),
  email: z.string().trim().min(1).max(EMAIL_MAX),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  password_confirmation: z.string().max(PASSWORD_MAX),
});
export type RegisterBody = z.input<typeof registerBodySchema>;
