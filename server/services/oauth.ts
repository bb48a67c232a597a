import { randomBytes } from 'node:crypto';
import { generateCodeVerifier, generateState } from 'arctic';
import type { Locale } from '../../contract/locales.ts';
import type { OAuthErrorCode, OAuthIdentity, OAuthProviderInfo } from '../../contract/oauth.ts';
import type { Config } from '../config.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { createProviders, isProviderId, type OAuthProfile, type OAuthProvider, type ProviderId } from './oauth-providers.ts';
import { OAUTH_STATE_TTL_SECONDS, openFlow, sameSecret, sealFlow, type OAuthFlow } from './oauth-state.ts';
import type { TokenService } from './tokens.ts';
import { EmailTakenError, type UserService } from './users.ts';

export type OAuthOutcome =
  /** `created`: the account this sign-in made (a sign-up), for the partner program's attribution. */
  | { kind: 'signed-in'; token: string; expiresIn: number; created?: { id: number; email: string } }
  | { kind: 'linked'; provider: ProviderId }
  | { kind: 'failed'; error: OAuthErrorCode; cause?: unknown };

export interface CallbackInput {
  code?: string | undefined;
  state?: string | undefined;
  /** The provider's own error (`access_denied` when the person cancelled). */
  error?: string | undefined;
}

export interface OAuthService {
  /** The configured providers, for the buttons. */
  enabled(): OAuthProviderInfo[];
  /** A configured provider by id; undefined for an unknown or unconfigured one. */
  find(id: string): OAuthProvider | undefined;
  /** Starts a sign-in (or, with linkUserId, a linking): the provider's address and the sealed flow for the cookie. */
  start(provider: OAuthProvider, options: { linkUserId: number | null; locale: Locale }): Promise<{ url: string; sealed: string }>;
  /** Reads the flow from its cookie; null when missing, forged or expired. */
  flow(sealed: string | undefined): OAuthFlow | null;
  /** Completes the flow at the callback. Never throws for a refusal: the popup reports it. */
  finish(providerId: string, flow: OAuthFlow | null, input: CallbackInput, client: { ip: string; userAgent: string | null }): Promise<OAuthOutcome>;
  identities(userId: number): Promise<OAuthIdentity[]>;
  /** Removes the user's link to a provider; false when there was none. */
  unlink(userId: number, provider: ProviderId): Promise<boolean>;
}

export function createOAuthService(deps: { db: Db; config: Config; clock: Clock; users: UserService; tokens: TokenService }): OAuthService {
  const { db, config, clock, users, tokens } = deps;
  const providers = createProviders(config.oauth, config.appUrl, clock);
  const failed = (error: OAuthErrorCode): OAuthOutcome => ({ kind: 'failed', error });

  async function identityOwner(provider: ProviderId, subject: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('oauth_identities')
      .select('user_id')
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id;
  }

  async function link(userId: number, provider: ProviderId, profile: OAuthProfile): Promise<void> {
    await db
      .insertInto('oauth_identities')
      .values({ user_id: userId, provider, subject: profile.subject, email: profile.email, created_at: clock().toISOString() })
      .execute();
  }

  async function signIn(provider: ProviderId, profile: OAuthProfile, client: { ip: string; userAgent: string | null }): Promise<OAuthOutcome> {
    let userId = await identityOwner(provider, profile.subject);
    let created: { id: number; email: string } | undefined;
    if (userId === undefined) {
      if (!profile.email) return failed('email_missing');
      if (!profile.emailVerified) return failed('email_unverified');
      // An address that already has an account is not linked behind its owner's back.
      if (await users.emailTaken(profile.email)) return failed('email_taken');
      try {
        const user = await users.create({
          first_name: profile.firstName.slice(0, 100) || 'Client',
          second_name: profile.secondName.slice(0, 100),
          email: profile.email,
          // No password is known; a random one keeps the column's meaning until the user sets one by reset.
          password: randomBytes(32).toString('base64url'),
          verified: true,
        });
        userId = user.id;
        created = { id: user.id, email: user.email };
        await link(userId, provider, profile);
      } catch (error) {
        if (error instanceof EmailTakenError) return failed('email_taken');
        throw error;
      }
    }
    const issued = await tokens.issue(userId, { remember: false, userAgent: client.userAgent, ip: client.ip, name: `oauth:${provider}` });
    return { kind: 'signed-in', token: issued.token, expiresIn: issued.expiresIn, ...(created ? { created } : {}) };
  }

  async function linkTo(userId: number, provider: ProviderId, profile: OAuthProfile): Promise<OAuthOutcome> {
    const owner = await identityOwner(provider, profile.subject);
    if (owner === userId) return { kind: 'linked', provider };
    if (owner !== undefined) return failed('identity_taken');
    try {
      await link(userId, provider, profile);
    } catch (error) {
      // The user already has another account of this provider linked (or lost a race).
      if (isUniqueViolation(error)) return failed('already_linked');
      throw error;
    }
    return { kind: 'linked', provider };
  }

  return {
    enabled: () => [...providers.values()].map(({ id, name }) => ({ id, name })),

    find: (id) => (isProviderId(id) ? providers.get(id) : undefined),

    async start(provider, { linkUserId, locale }) {
      const flow: OAuthFlow = {
        provider: provider.id,
        state: generateState(),
        codeVerifier: generateCodeVerifier(),
        nonce: generateState(),
        linkUserId,
        locale,
        expiresAt: clock().getTime() + OAUTH_STATE_TTL_SECONDS * 1000,
      };
      const url = await provider.authorizationUrl(flow);
      return { url: url.toString(), sealed: sealFlow(config.appKey, flow) };
    },

    flow: (sealed) => openFlow(config.appKey, sealed, clock()),

    async finish(providerId, flow, input, client) {
      const provider = isProviderId(providerId) ? providers.get(providerId) : undefined;
      if (!provider) return failed('provider_unavailable');
      if (!flow || flow.provider !== provider.id || !input.state || !sameSecret(input.state, flow.state)) return failed('invalid_state');
      if (input.error) return failed(input.error === 'access_denied' ? 'access_denied' : 'provider_error');
      if (!input.code) return failed('provider_error');
      let profile: OAuthProfile;
      try {
        profile = await provider.profile(input.code, flow);
      } catch (error) {
        return { kind: 'failed', error: 'provider_error', cause: error };
      }
      if (!profile.subject) return failed('provider_error');
      if (flow.linkUserId !== null) {
        if (!(await users.findById(flow.linkUserId))) return failed('invalid_state');
        return linkTo(flow.linkUserId, provider.id, profile);
      }
      return signIn(provider.id, profile, client);
    },

    async identities(userId) {
      const rows = await db
        .selectFrom('oauth_identities')
        .select(['provider', 'email', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('provider')
        .execute();
      return rows.map((row) => ({ provider: row.provider, email: row.email, created_at: row.created_at }));
    },

    async unlink(userId, provider) {
      const result = await db.deleteFrom('oauth_identities').where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
