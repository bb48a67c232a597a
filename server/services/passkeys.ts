import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { simpleWebAuthn } from '../packages.ts';
import type { Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import type { SecondFactorService } from './second-factor.ts';

/** A WebAuthn ceremony must finish within this time. */
const CEREMONY_TTL_MS = 5 * 60_000;

export interface PasskeyInfo {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface PasskeyService {
  registrationOptions(user: { id: number; email: string; name: string }): Promise<{ challenge: string; options: PublicKeyCredentialCreationOptionsJSON }>;
  /** Verifies the authenticator's answer and keeps the passkey; null when it does not verify. */
  register(userId: number, challenge: string, response: RegistrationResponseJSON, name: string): Promise<PasskeyInfo | null>;
  list(userId: number): Promise<PasskeyInfo[]>;
  rename(userId: number, id: number, name: string): Promise<PasskeyInfo | null>;
  remove(userId: number, id: number): Promise<boolean>;
  /** Options to sign in with a passkey alone (`userId` null: any discoverable passkey) or to prove one user again. */
  authenticationOptions(userId: number | null): Promise<{ challenge: string; options: PublicKeyCredentialRequestOptionsJSON }>;
  /** The user a verified assertion belongs to (and, when given, must belong to); null otherwise. The challenge is spent. */
  verifyAssertion(challenge: string, response: AuthenticationResponseJSON, expectedUserId?: number): Promise<number | null>;
}

/**
 * The relying party APP_URL names. Browsers refuse an IP address as RP id, so a loopback APP_URL
 * on 127.0.0.1 or [::1] (development, the e2e server) is served as `localhost` on the same port:
 * the same machine, and the one loopback name whose pages may use passkeys. Any other host is kept.
 */
export function relyingParty(appUrl: string): URL {
  const url = new URL(appUrl);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return url;
}

export function createPasskeyService(deps: { db: Db; clock: Clock; appUrl: string; secondFactor: SecondFactorService }): PasskeyService {
  const { db, clock, secondFactor } = deps;
  const { origin, hostname: rpID } = relyingParty(deps.appUrl);
  const now = () => clock().toISOString();
  const info = { id: true, name: true, created_at: true, last_used_at: true } as const;
  const columns = Object.keys(info) as Array<keyof typeof info>;

  return {
    async registrationOptions(user) {
      const existing = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', user.id).execute();
      const options = await simpleWebAuthn().generateRegistrationOptions({
        rpName: 'Traderoom',
        rpID,
        userName: user.email,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(`traderoom-user-${user.id}`),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports ? (row.transports.split(',') as never) : [] })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      const challenge = await secondFactor.createChallenge('passkey-register', { userId: user.id, challenge: options.challenge, ttlMs: CEREMONY_TTL_MS });
      return { challenge, options };
    },

    async register(userId, token, response, name) {
      const pending = await secondFactor.readChallenge(token, 'passkey-register');
      if (!pending || pending.userId !== userId || !pending.challenge) return null;
      const verified = await simpleWebAuthn().verifyRegistrationResponse({ response, expectedChallenge: pending.challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: false }).catch(() => null);
      if (!verified?.verified || !(await secondFactor.spendChallenge(pending.id))) return null;
      const { credential } = verified.registrationInfo;
      const taken = await db.selectFrom('passkeys').select('id').where('credential_id', '=', credential.id).executeTakeFirst();
      if (taken) return null;
      const row = await db
        .insertInto('passkeys')
        .values({ user_id: userId, credential_id: credential.id, public_key: Buffer.from(credential.publicKey).toString('base64url'), counter: credential.counter, transports: (credential.transports ?? []).join(','), name, created_at: now(), last_used_at: null })
        .returning(columns)
        .executeTakeFirstOrThrow();
      await secondFactor.markSecurityChange(userId);
      return row;
    },

    list: (userId) => db.selectFrom('passkeys').select(columns).where('user_id', '=', userId).orderBy('id').execute(),

    async rename(userId, id, name) {
      await db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).execute();
      return (await db.selectFrom('passkeys').select(columns).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()) ?? null;
    },

    async remove(userId, id) {
      const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      const removed = Number(result.numDeletedRows) > 0;
      if (removed) await secondFactor.markSecurityChange(userId);
      return removed;
    },

    async authenticationOptions(userId) {
      const allow = userId === null ? [] : await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
      const options = await simpleWebAuthn().generateAuthenticationOptions({
        rpID,
        userVerification: userId === null ? 'required' : 'preferred',
        allowCredentials: allow.map((row) => ({ id: row.credential_id, transports: row.transports ? (row.transports.split(',') as never) : [] })),
      });
      const purpose = userId === null ? 'passkey-sign-in' : 'passkey-step-up';
      const challenge = await secondFactor.createChallenge(purpose, { userId, challenge: options.challenge, ttlMs: CEREMONY_TTL_MS });
      return { challenge, options };
    },

    async verifyAssertion(token, response, expectedUserId) {
      const pending = (await secondFactor.readChallenge(token, expectedUserId === undefined ? 'passkey-sign-in' : 'passkey-step-up')) ?? null;
      if (!pending?.challenge || (expectedUserId !== undefined && pending.userId !== expectedUserId)) return null;
      const stored = typeof response?.id === 'string' ? await db.selectFrom('passkeys').selectAll().where('credential_id', '=', response.id).executeTakeFirst() : undefined;
      if (!stored || (expectedUserId !== undefined && stored.user_id !== expectedUserId)) return null;
      const verified = await simpleWebAuthn().verifyAuthenticationResponse({
        response,
        expectedChallenge: pending.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: { id: stored.credential_id, publicKey: Buffer.from(stored.public_key, 'base64url'), counter: stored.counter, transports: stored.transports ? stored.transports.split(',') : [] },
        // A passkey alone is both factors: it must have checked its user (PIN, biometrics).
        requireUserVerification: expectedUserId === undefined,
      }).catch(() => null);
      if (!verified?.verified || !(await secondFactor.spendChallenge(pending.id))) return null;
      await db.updateTable('passkeys').set({ counter: verified.authenticationInfo.newCounter, last_used_at: now() }).where('id', '=', stored.id).execute();
      return stored.user_id;
    },
  };
}
