/** The second factor, step-up and the withdrawal cool-down (docs/adr/0084; schemas: security.schema.ts). */

/** The ways to prove oneself again; `password` only for a user without a second factor. */
export const STEP_UP_METHODS = ['totp', 'recovery', 'passkey', 'password'] as const;
export type StepUpMethod = (typeof STEP_UP_METHODS)[number];

/** The 200 of POST /api/login when the account has a second factor (as Laravel Fortify's `two_factor: true`). */
export interface TwoFactorChallenge {
  two_factor: true;
  /** Sent back with the second factor; good for 5 minutes. */
  challenge: string;
  methods: StepUpMethod[];
}

/** POST /api/two-factor-challenge */
export interface TwoFactorBody {
  challenge: string;
  code?: string;
  recovery_code?: string;
  passkey?: PasskeyAssertion;
  /** Skip the second factor in this browser for 30 days (an httpOnly cookie). */
  remember_device?: boolean;
}

/** A WebAuthn assertion (as @simplewebauthn/browser answers it) with the ceremony's challenge token. */
export interface PasskeyAssertion {
  challenge: string;
  response: { id: string; type: 'public-key' } & Record<string, unknown>;
}

export interface PasskeyInfo {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** GET /api/security */
export interface SecurityStatus {
  totp: boolean;
  recovery_codes_left: number;
  passkeys: PasskeyInfo[];
  /** What a step-up asks for. */
  methods: StepUpMethod[];
  /** Staff must have a second factor before the administration opens. */
  required: boolean;
  /** Live withdrawals are held until then after a security change (ISO), or null. */
  withdrawals_held_until: string | null;
}

/** POST /api/security/totp: the enrolment to show (QR and the key to type). */
export interface TotpEnrolment {
  secret: string;
  uri: string;
  qr_svg: string;
}

/** Shown once. */
export interface RecoveryCodes {
  recovery_codes: string[];
}

/** POST /api/security/step-up: one of them. */
export interface StepUpBody {
  code?: string;
  recovery_code?: string;
  password?: string;
  passkey?: PasskeyAssertion;
}

/** 423 of an action that needs a fresh proof. */
export interface StepUpRequired {
  message: string;
  step_up_required: true;
  methods: StepUpMethod[];
}

export const isStepUpRequired = (body: unknown): body is StepUpRequired =>
  typeof body === 'object' && body !== null && (body as StepUpRequired).step_up_required === true && Array.isArray((body as StepUpRequired).methods);

/** A passkey ceremony's options (WebAuthn JSON) and the token that names it. */
export interface PasskeyOptions {
  challenge: string;
  options: Record<string, unknown>;
}

export const PASSKEY_NAME_MAX = 60;
