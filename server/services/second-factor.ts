import { randomBytes, randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { qrcode } from '../packages.ts';
import type { ChallengePurpose, Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { keyedHash, secretBox } from './secret-box.ts';
import { hashToken } from './tokens.ts';

/** A step-up (the second factor, or the password, proved again) lasts this long. */
export const STEP_UP_TTL_MS = 5 * 60_000;
/** Time between the password and the second factor of one sign-in. */
export const SIGN_IN_CHALLENGE_TTL_MS = 5 * 60_000;
/** "Remember this device". */
export const TRUSTED_DEVICE_TTL_MS = 30 * 86_400_000;
export const RECOVERY_CODE_COUNT = 10;
const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after are accepted too: phones' clocks drift. */
const TOTP_WINDOW = 1;
const ISSUER = 'Traderoom';
/** No 0/o, 1/l/i: codes are read off paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export type StepUpMethod = 'totp' | 'recovery' | 'passkey' | 'password';

export interface SecondFactorProof {
  code?: string | undefined;
  recovery_code?: string | undefined;
}

export interface TotpEnrolment {
  secret: string;
  uri: string;
  /** The otpauth URI as an SVG QR code. */
  qr_svg: string;
}

export interface SecondFactorService {
  /** Whether the user has a confirmed authenticator or a passkey: then sign-in asks for it. */
  enabled(userId: number): Promise<boolean>;
  /** The ways this user can prove themselves again, in the order the app offers them. */
  methods(userId: number): Promise<StepUpMethod[]>;
  totpConfirmed(userId: number): Promise<boolean>;
  recoveryCodesLeft(userId: number): Promise<number>;
  /** Starts (or restarts) an enrolment; a confirmed authenticator is kept: null then. */
  beginTotp(userId: number, label: string): Promise<TotpEnrolment | null>;
  /** The first code confirms the enrolment and answers the recovery codes (shown once); null for a wrong code. */
  confirmTotp(userId: number, code: string): Promise<string[] | null>;
  /** A confirmed authenticator with a given key: the demo admin's, whose key the README and the tests know. */
  enrolKnown(userId: number, secret: string): Promise<void>;
  /** Removes the authenticator and the recovery codes. */
  disableTotp(userId: number): Promise<void>;
  /** A fresh set of recovery codes; the old ones stop working. */
  regenerateRecoveryCodes(userId: number): Promise<string[]>;
  /** A TOTP code (each accepted once) or an unused recovery code (spent now). */
  verify(userId: number, proof: SecondFactorProof): Promise<boolean>;

  /** A ceremony's token (the sign-in between password and second factor, a WebAuthn challenge). */
  createChallenge(purpose: ChallengePurpose, values: { userId?: number | null; remember?: boolean; challenge?: string | null; ttlMs?: number }): Promise<string>;
  /** The live challenge behind a token, or null when unknown, spent, expired or of another purpose. */
  readChallenge(token: string, purpose: ChallengePurpose): Promise<{ id: number; userId: number | null; remember: boolean; challenge: string | null } | null>;
  /** Spends a challenge; false when another request spent it first. */
  spendChallenge(id: number): Promise<boolean>;

  /** "Remember this device": a random token for the browser; its hash is kept, revocable. */
  trustDevice(userId: number, userAgent: string | null): Promise<string>;
  deviceTrusted(token: string | null | undefined, userId: number): Promise<boolean>;
  forgetDevices(userId: number): Promise<number>;

  markSteppedUp(tokenId: number): Promise<void>;
  steppedUp(tokenId: number): Promise<boolean>;

  /** A password, e-mail or second-factor change: starts the withdrawal cool-down. */
  markSecurityChange(userId: number): Promise<void>;
  /** Until when live withdrawals are held, or null. */
  withdrawalsHeldUntil(userId: number): Promise<string | null>;
}

function totpOf(secret: string, label = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** Spaces and dashes people type are ignored; letters in any case. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function newRecoveryCode(): string {
  const pick = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}

export function createSecondFactorService(deps: { db: Db; clock: Clock; appKey: string; cooldownHours: number }): SecondFactorService {
  const { db, clock, appKey, cooldownHours } = deps;
  const box = secretBox(appKey);
  const now = () => clock().toISOString();

  const totpRow = (userId: number) => db.selectFrom('totp_credentials').selectAll().where('user_id', '=', userId).executeTakeFirst();

  async function storeRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('recovery_codes')
        .values(codes.map((code) => ({ user_id: userId, code_hash: keyedHash(appKey, normalizeRecoveryCode(code)), used_at: null, created_at: now() })))
        .execute();
    });
    return codes;
  }

  /** The step a code belongs to, when it is one of the window's; then the step is taken unless taken already. */
  async function acceptTotp(userId: number, secret: string, lastStep: number, code: string): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const timestamp = clock().getTime();
    const delta = totpOf(secret).validate({ token: code, timestamp, window: TOTP_WINDOW });
    if (delta === null) return false;
    const step = Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
    if (step <= lastStep) return false;
    // Compare-and-set: of two requests with the same code, one wins.
    const taken = await db.updateTable('totp_credentials').set({ last_step: step }).where('user_id', '=', userId).where('last_step', '<', step).executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  const service: SecondFactorService = {
    async enabled(userId) {
      const [totp, passkey] = await Promise.all([
        totpRow(userId),
        db.selectFrom('passkeys').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst(),
      ]);
      return Boolean(totp?.confirmed_at) || Boolean(passkey);
    },

    async methods(userId) {
      const [totp, passkey] = await Promise.all([
        totpRow(userId),
        db.selectFrom('passkeys').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst(),
      ]);
      const methods: StepUpMethod[] = [];
      if (totp?.confirmed_at) methods.push('totp', 'recovery');
      if (passkey) methods.push('passkey');
      return methods.length > 0 ? methods : ['password'];
    },

    totpConfirmed: async (userId) => Boolean((await totpRow(userId))?.confirmed_at),

    async recoveryCodesLeft(userId) {
      const row = await db.selectFrom('recovery_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async beginTotp(userId, label) {
      const existing = await totpRow(userId);
      if (existing?.confirmed_at) return null;
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await db.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
      await db.insertInto('totp_credentials').values({ user_id: userId, secret: box.seal(secret), confirmed_at: null, created_at: now() }).execute();
      const uri = totpOf(secret, label).toString();
      return { secret, uri, qr_svg: await qrcode().toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
    },

    async confirmTotp(userId, code) {
      const row = await totpRow(userId);
      if (!row || row.confirmed_at) return null;
      if (!(await acceptTotp(userId, box.open(row.secret), row.last_step, code.trim()))) return null;
      await db.updateTable('totp_credentials').set({ confirmed_at: now() }).where('user_id', '=', userId).execute();
      await service.markSecurityChange(userId);
      return storeRecoveryCodes(userId);
    },

    async enrolKnown(userId, secret) {
      await db.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
      await db.insertInto('totp_credentials').values({ user_id: userId, secret: box.seal(secret), confirmed_at: now(), created_at: now() }).execute();
    },

    async disableTotp(userId) {
      await db.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await service.markSecurityChange(userId);
    },

    regenerateRecoveryCodes: storeRecoveryCodes,

    async verify(userId, { code, recovery_code }) {
      if (code) {
        const row = await totpRow(userId);
        return Boolean(row?.confirmed_at) && acceptTotp(userId, box.open(row!.secret), row!.last_step, code.trim());
      }
      if (recovery_code) {
        const spent = await db
          .updateTable('recovery_codes')
          .set({ used_at: now() })
          .where('user_id', '=', userId)
          .where('code_hash', '=', keyedHash(appKey, normalizeRecoveryCode(recovery_code)))
          .where('used_at', 'is', null)
          .executeTakeFirst();
        return Number(spent.numUpdatedRows) === 1;
      }
      return false;
    },

    async createChallenge(purpose, { userId = null, remember = false, challenge = null, ttlMs = SIGN_IN_CHALLENGE_TTL_MS }) {
      const token = randomBytes(32).toString('base64url');
      const at = clock();
      // Spent and expired ceremonies are of no use to anyone: cleared as new ones come.
      await db.deleteFrom('auth_challenges').where('expires_at', '<', new Date(at.getTime() - 86_400_000).toISOString()).execute();
      await db
        .insertInto('auth_challenges')
        .values({ token_hash: hashToken(token), purpose, user_id: userId, challenge, remember: remember ? 1 : 0, expires_at: new Date(at.getTime() + ttlMs).toISOString(), used_at: null, created_at: at.toISOString() })
        .execute();
      return token;
    },

    async readChallenge(token, purpose) {
      const row = await db
        .selectFrom('auth_challenges')
        .select(['id', 'user_id', 'remember', 'challenge'])
        .where('token_hash', '=', hashToken(token))
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now())
        .executeTakeFirst();
      return row ? { id: row.id, userId: row.user_id, remember: row.remember === 1, challenge: row.challenge } : null;
    },

    async spendChallenge(id) {
      const spent = await db.updateTable('auth_challenges').set({ used_at: now() }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1;
    },

    async trustDevice(userId, userAgent) {
      const token = randomBytes(32).toString('base64url');
      const at = clock();
      await db
        .insertInto('trusted_devices')
        .values({ user_id: userId, token_hash: hashToken(token), user_agent: userAgent?.slice(0, 500) ?? null, created_at: at.toISOString(), expires_at: new Date(at.getTime() + TRUSTED_DEVICE_TTL_MS).toISOString(), revoked_at: null })
        .execute();
      return token;
    },

    async deviceTrusted(token, userId) {
      if (!token || token.length > 100) return false;
      const row = await db
        .selectFrom('trusted_devices')
        .select('id')
        .where('token_hash', '=', hashToken(token))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now())
        .executeTakeFirst();
      return Boolean(row);
    },

    async forgetDevices(userId) {
      const result = await db.updateTable('trusted_devices').set({ revoked_at: now() }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async markSteppedUp(tokenId) {
      await db.updateTable('personal_access_tokens').set({ stepped_up_at: now() }).where('id', '=', tokenId).execute();
    },

    async steppedUp(tokenId) {
      const row = await db.selectFrom('personal_access_tokens').select('stepped_up_at').where('id', '=', tokenId).executeTakeFirst();
      return Boolean(row?.stepped_up_at) && clock().getTime() - Date.parse(row!.stepped_up_at!) < STEP_UP_TTL_MS;
    },

    async markSecurityChange(userId) {
      await db.updateTable('users').set({ security_changed_at: now() }).where('id', '=', userId).execute();
    },

    async withdrawalsHeldUntil(userId) {
      if (cooldownHours <= 0) return null;
      const row = await db.selectFrom('users').select('security_changed_at').where('id', '=', userId).executeTakeFirst();
      if (!row?.security_changed_at) return null;
      const until = Date.parse(row.security_changed_at) + cooldownHours * 3_600_000;
      return until > clock().getTime() ? new Date(until).toISOString() : null;
    },
  };
  return service;
}
