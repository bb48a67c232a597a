import { z } from 'zod';
import { EMAIL_MAX, EMAIL_PATTERN, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits';

/** An e-mail field: required, at most EMAIL_MAX characters, then the format (checked only when those hold). */
export const emailSchema = z.string().trim().min(1).max(EMAIL_MAX).pipe(z.email({ pattern: EMAIL_PATTERN }));

/** A new password's length; the server's password policy adds its own checks. */
export const newPasswordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/**
 * The password-confirmation rule, for every body with a new password (register, reset, change):
 * `password_confirmation` must equal `password`, reported on `password` as Laravel's `confirmed`
 * rule does. Checked also when other fields fail, so every error shows at once; skipped when
 * either password field is missing or not text.
 */
export function withConfirmation<S extends z.ZodObject<{ password: z.ZodType; password_confirmation: z.ZodType }>>(schema: S) {
  return schema.refine((body) => body.password === body.password_confirmation, {
    path: ['password'],
    message: 'The password field confirmation does not match.',
    params: { rule: 'confirmed' },
    when: ({ value }) => {
      const body = value as Record<string, unknown> | null;
      return typeof body?.password === 'string' && typeof body.password_confirmation === 'string';
    },
  });
}

/** The confirmation field of a new password (compared by `withConfirmation`). */
export const passwordConfirmationSchema = z.string().max(PASSWORD_MAX);

/** POST /api/login */
export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
  remember: z.boolean().optional().default(false),
});

export const loginResponseSchema = z.object({
  token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
});

/** POST /api/register */
export const registerBodySchema = withConfirmation(
  z.object({
    first_name: z.string().trim().min(1).max(NAME_MAX),
    second_name: z.string().trim().min(1).max(NAME_MAX),
    email: emailSchema,
    password: newPasswordSchema,
    password_confirmation: passwordConfirmationSchema,
  }),
);
