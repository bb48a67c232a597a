import { z } from 'zod';
import { emailSchema } from './auth';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits';

/**
 * The account lifecycle calls (ours where CONTRACT.md leaves the shape open): verification,
 * password reset, settings, sessions. The server also refuses the most common passwords,
 * a check kept out of the browser (the list is large).
 */

const newPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** `password_confirmation` must equal `password`; reported on `password`, as Laravel's `confirmed` rule does. */
function withConfirmation<S extends z.ZodObject<{ password: z.ZodType; password_confirmation: z.ZodType }>>(schema: S) {
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

/** POST /api/password/email, POST /api/email/resend */
export const emailOnlyBodySchema = z.object({ email: emailSchema });
export type EmailOnlyBody = z.input<typeof emailOnlyBodySchema>;

/** 200 answer of register (verification first), resend, verify, password email and reset. */
export interface StatusResponse {
  status: string;
}

/** POST /api/password/reset */
export const passwordResetBodySchema = withConfirmation(
  z.object({
    token: z.string().min(1).max(200),
    email: emailSchema,
    password: newPassword,
    password_confirmation: z.string().max(PASSWORD_MAX),
  }),
);
export type PasswordResetBody = z.input<typeof passwordResetBodySchema>;

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
export type ProfileBody = z.input<typeof profileBodySchema>;

/** PATCH /api/settings/password */
export const passwordChangeBodySchema = withConfirmation(
  z.object({
    current_password: z.string().min(1).max(PASSWORD_MAX),
    password: newPassword,
    password_confirmation: z.string().max(PASSWORD_MAX),
  }),
);
export type PasswordChangeBody = z.input<typeof passwordChangeBodySchema>;

/** One entry of GET /api/settings/sessions: a signed-in device (a live token). */
export interface SessionInfo {
  id: number;
  /** e.g. "Chrome 131"; null when the browser did not say. */
  browser: string | null;
  /** e.g. "macOS 14.5". */
  os: string | null;
  platform: 'desktop' | 'mobile' | 'tablet' | 'tv' | 'unknown';
  /** The address the session signed in from. */
  ip: string | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
  /** The session making this request. */
  current: boolean;
}
