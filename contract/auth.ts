import { z } from 'zod';

import { EMAIL_MAX, EMAIL_PATTERN, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits';

export { EMAIL_MAX, EMAIL_PATTERN, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN };

/** An e-mail field: required, at most EMAIL_MAX characters, then the format (checked only when those hold). */
export const emailSchema = z.string().trim().min(1).max(EMAIL_MAX).pipe(z.email({ pattern: EMAIL_PATTERN }));

/** POST /api/login */
export const loginBodySchema = z.object({
  email: emailSchema,
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
export const registerBodySchema = z
  .object({
    first_name: z.string().trim().min(1).max(NAME_MAX),
    second_name: z.string().trim().min(1).max(NAME_MAX),
    email: emailSchema,
    password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
    password_confirmation: z.string().max(PASSWORD_MAX),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password'],
    message: 'The password field confirmation does not match.',
    params: { rule: 'confirmed' },
    // Also when other fields fail, so every error shows at once (as Laravel does);
    // skipped when either password field is missing or not text.
    when: ({ value }) => {
      const body = value as Record<string, unknown> | null;
      return typeof body?.password === 'string' && typeof body.password_confirmation === 'string';
    },
  });
export type RegisterBody = z.input<typeof registerBodySchema>;
