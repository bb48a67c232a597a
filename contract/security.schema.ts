import { z } from 'zod';
import { loginResponseSchema } from './auth.schema';
import { PASSWORD_MAX } from './limits';
import { PASSKEY_NAME_MAX, STEP_UP_METHODS } from './security';

const token = z.string().min(1).max(100);
const code = z.string().trim().min(1).max(10);
const recoveryCode = z.string().trim().min(1).max(30);

/** A WebAuthn response as the browser library sends it; the library on the server checks the rest. */
export const webauthnResponseSchema = z.looseObject({ id: z.string().min(1).max(2_000), type: z.literal('public-key') });
export const passkeyAssertionSchema = z.object({ challenge: token, response: webauthnResponseSchema });

export const methodsSchema = z.array(z.enum(STEP_UP_METHODS));

export const twoFactorChallengeSchema = z.object({ two_factor: z.literal(true), challenge: z.string(), methods: methodsSchema });
export const loginAnswerSchema = z.union([loginResponseSchema, twoFactorChallengeSchema]);

export const twoFactorBodySchema = z.object({
  challenge: token,
  code: code.optional(),
  recovery_code: recoveryCode.optional(),
  passkey: passkeyAssertionSchema.optional(),
  remember_device: z.boolean().optional().default(false),
});

export const passkeyInfoSchema = z.object({ id: z.number(), name: z.string(), created_at: z.string(), last_used_at: z.string().nullable() });

export const securityStatusSchema = z.object({
  totp: z.boolean(),
  recovery_codes_left: z.number(),
  passkeys: z.array(passkeyInfoSchema),
  methods: methodsSchema,
  required: z.boolean(),
  withdrawals_held_until: z.string().nullable(),
});

export const totpEnrolmentSchema = z.object({ secret: z.string(), uri: z.string(), qr_svg: z.string() });
export const totpConfirmBodySchema = z.object({ code });
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export const stepUpBodySchema = z.object({
  code: code.optional(),
  recovery_code: recoveryCode.optional(),
  password: z.string().min(1).max(PASSWORD_MAX).optional(),
  passkey: passkeyAssertionSchema.optional(),
});

export const passkeyOptionsSchema = z.object({ challenge: z.string(), options: z.record(z.string(), z.unknown()) });
export const passkeyNameSchema = z.string().trim().min(1).max(PASSKEY_NAME_MAX);
export const passkeyRegisterBodySchema = z.object({ challenge: token, name: passkeyNameSchema, response: webauthnResponseSchema });
export const passkeyRenameBodySchema = z.object({ name: passkeyNameSchema });
export const passkeySignInBodySchema = z.object({ challenge: token, response: webauthnResponseSchema, remember: z.boolean().optional().default(false) });
