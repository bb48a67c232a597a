import { z } from 'zod';

/**
 * Answers shared by many calls, as zod schemas for the server's route declarations (and so the
 * OpenAPI document, docs/openapi.json). The error shapes are Laravel's (CONTRACT.md, Conventions).
 */

/** 401, 403, 404, 409, 429 and the rest: `{"message": "<translated>"}`. */
export const messageBodySchema = z.object({ message: z.string() });

/** 422: the first message (with "(and N more errors)"), and every message by field. */
export const validationErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  /**
   * Ours: on POST /api/login, the right password of an account whose e-mail is not verified yet; on
   * the wallet's calls, a live operation that needs an approved identity verification first.
   */
  verification_required: z.literal(true).optional(),
  /** Ours: a live withdrawal during the cool-down after a security change (rule `security_cooldown`): until when, ISO. */
  withdrawals_held_until: z.string().optional(),
});

/** 403: not for this user; on the administration, `two_factor_enrolment_required` when staff have no second factor yet. */
export const forbiddenBodySchema = z.object({ message: z.string(), two_factor_enrolment_required: z.literal(true).optional() });

/** 423 (Laravel's "password confirmation required"): prove the second factor again by one of `methods`, then retry. */
export const stepUpRequiredBodySchema = z.object({
  message: z.string(),
  step_up_required: z.literal(true),
  methods: z.array(z.enum(['totp', 'recovery', 'passkey', 'password'])),
});

/** 200 of register, resend, verify, password e-mail and reset: a sentence to show. */
export const statusResponseSchema = z.object({ status: z.string() });

/** An answer without a body (204). */
export const noContentSchema = z.void();
