import { z } from 'zod';
import { emailSchema, newPasswordSchema, passwordConfirmationSchema, withConfirmation } from './auth.schema';
import { NAME_MAX, PASSWORD_MAX } from './limits';

/**
 * Schemas of the account lifecycle calls (types: account.ts). The server also refuses the most
 * common passwords, a check kept out of the browser (the list is large).
 */

/** POST /api/password/email, POST /api/email/resend */
export const emailOnlyBodySchema = z.object({ email: emailSchema });

/** POST /api/password/reset */
export const passwordResetBodySchema = withConfirmation(
  z.object({
    token: z.string().min(1).max(200),
    email: emailSchema,
    password: newPasswordSchema,
    password_confirmation: passwordConfirmationSchema,
  }),
);

/** The query of POST /api/email/verify/{id}: exactly what the mailed link carries. */
export const verifyEmailQuerySchema = z.object({
  expires: z.string().regex(/^\d{1,12}$/),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

/** PATCH /api/settings/profile */
export const profileBodySchema = z.object({
  first_name: z.string().trim().min(1).max(NAME_MAX),
  second_name: z.string().trim().min(1).max(NAME_MAX),
  email: emailSchema,
});

/** PATCH /api/settings/password */
export const passwordChangeBodySchema = withConfirmation(
  z.object({
    current_password: z.string().min(1).max(PASSWORD_MAX),
    password: newPasswordSchema,
    password_confirmation: passwordConfirmationSchema,
  }),
);
