import { CodeChallengeMethod, decodeIdToken, Google, OAuth2Client } from 'arctic';
import type { OAuthConfig } from '../config.ts';
import type { Clock } from './clock.ts';

export const PROVIDER_IDS = ['github', 'google', 'oidc'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export function isProviderId(value: string): value is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(value);
}

/** What the app learns about the person from a provider. */
export interface OAuthProfile {
  /** The provider's stable id of the account. */
  subject: string;
  email: string | null;
  /** False when the provider says the address is not verified; such an address is never trusted. */
  emailVerified: boolean;
  firstName: string;
  secondName: string;
}

/** One secret set for one sign-in attempt: the CSRF state, the PKCE verifier, the OIDC nonce. */
export interface FlowSecrets {
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface OAuthProvider {
  id: ProviderId;
  name: string;
  authorizationUrl(secrets: FlowSecrets): Promise<URL>;
  /** Exchanges the code (with the PKCE verifier) and reads the profile. Throws on any failure. */
  profile(code: string, secrets: FlowSecrets): Promise<OAuthProfile>;
}

export class ProviderError extends Error {
  override name = 'ProviderError';
}

const GITHUB = {
  authorize: 'https://github.com/login/oauth/authorize',
  token: 'https://github.com/login/oauth/access_token',
  api: 'https://api.github.com',
};

/** `fetch` of a JSON document; anything but a 2xx JSON object is a ProviderError. */
async function getJson(url: string, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, { headers: { accept: 'application/json', 'user-agent': 'traderoom', ...headers } });
  if (!response.ok) throw new ProviderError(`${url} answered ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null) throw new ProviderError(`${url} answered no object`);
  return body as Record<string, unknown>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** "Ada King Lovelace" → first "Ada", second "King Lovelace"; no name → the e-mail's local part. */
function splitName(name: string, email: string | null): { firstName: string; secondName: string } {
  const trimmed = name.trim();
  if (!trimmed) return { firstName: email?.split('@')[0] ?? 'Client', secondName: '' };
  const space = trimmed.indexOf(' ');
  return space === -1 ? { firstName: trimmed, secondName: '' } : { firstName: trimmed.slice(0, space), secondName: trimmed.slice(space + 1).trim() };
}

function profileFromClaims(claims: Record<string, unknown>): OAuthProfile {
  const email = text(claims.email).toLowerCase() || null;
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  const names = given ? { firstName: given, secondName: family } : splitName(text(claims.name), email);
  return {
    subject: text(claims.sub),
    email,
    // Only an explicit true counts: OIDC's email_verified may be missing or a string in the wild.
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    ...names,
  };
}

/** Checks an ID token received straight from the token endpoint (OIDC Core 3.1.3.7: TLS stands in for the signature). */
function checkIdToken(idToken: string, expected: { issuers: string[]; audience: string; nonce: string; now: Date }): Record<string, unknown> {
  const claims = decodeIdToken(idToken) as Record<string, unknown>;
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!expected.issuers.includes(text(claims.iss))) throw new ProviderError('ID token from another issuer');
  if (!audiences.includes(expected.audience)) throw new ProviderError('ID token for another client');
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= expected.now.getTime()) throw new ProviderError('ID token expired');
  if (claims.nonce !== expected.nonce) throw new ProviderError('ID token nonce mismatch');
  return claims;
}

function github(client: { clientId: string; clientSecret: string }, redirectUri: string): OAuthProvider {
  // arctic's GitHub class has no PKCE; its generic client does, and GitHub accepts S256.
  const oauth = new OAuth2Client(client.clientId, client.clientSecret, redirectUri);
  return {
    id: 'github',
    name: 'GitHub',
    async authorizationUrl({ state, codeVerifier }) {
      return oauth.createAuthorizationURLWithPKCE(GITHUB.authorize, state, CodeChallengeMethod.S256, codeVerifier, ['read:user', 'user:email']);
    },
    async profile(code, { codeVerifier }) {
      const tokens = await oauth.validateAuthorizationCode(GITHUB.token, code, codeVerifier);
      const auth = { authorization: `Bearer ${tokens.accessToken()}` };
      const user = await getJson(`${GITHUB.api}/user`, auth);
      const emails = await fetch(`${GITHUB.api}/user/emails`, { headers: { ...auth, accept: 'application/json', 'user-agent': 'traderoom' } });
      const list = emails.ok ? ((await emails.json()) as { email: string; primary: boolean; verified: boolean }[]) : [];
      const primary = list.find((e) => e.primary && e.verified) ?? null;
      const email = primary?.email.toLowerCase() ?? null;
      return { subject: String(user.id ?? ''), email, emailVerified: primary !== null, ...splitName(text(user.name) || text(user.login), email) };
    },
  };
}

function google(client: { clientId: string; clientSecret: string }, redirectUri: string, clock: Clock): OAuthProvider {
  const oauth = new Google(client.clientId, client.clientSecret, redirectUri);
  return {
    id: 'google',
    name: 'Google',
    async authorizationUrl({ state, codeVerifier, nonce }) {
      const url = oauth.createAuthorizationURL(state, codeVerifier, ['openid', 'email', 'profile']);
      url.searchParams.set('nonce', nonce);
      return url;
    },
    async profile(code, { codeVerifier, nonce }) {
      const tokens = await oauth.validateAuthorizationCode(code, codeVerifier);
      const claims = checkIdToken(tokens.idToken(), {
        issuers: ['https://accounts.google.com', 'accounts.google.com'],
        audience: client.clientId,
        nonce,
        now: clock(),
      });
      return profileFromClaims(claims);
    },
  };
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
}

/** Any OpenID Connect provider, by its discovery document (fetched once, again after a failure). */
function oidc(client: { clientId: string; clientSecret: string; issuer: string; name: string }, redirectUri: string, clock: Clock): OAuthProvider {
  const oauth = new OAuth2Client(client.clientId, client.clientSecret, redirectUri);
  let discovery: Promise<Discovery> | null = null;
  const discover = () => {
    discovery ??= getJson(`${client.issuer}/.well-known/openid-configuration`).then((doc) => {
      if (text(doc.issuer).replace(/\/+$/, '') !== client.issuer) throw new ProviderError('Discovery document of another issuer');
      for (const key of ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint']) {
        if (!text(doc[key])) throw new ProviderError(`Discovery document without ${key}`);
      }
      return doc as unknown as Discovery;
    });
    discovery.catch(() => {
      discovery = null;
    });
    return discovery;
  };
  return {
    id: 'oidc',
    name: client.name,
    async authorizationUrl({ state, codeVerifier, nonce }) {
      const doc = await discover();
      const url = oauth.createAuthorizationURLWithPKCE(doc.authorization_endpoint, state, CodeChallengeMethod.S256, codeVerifier, ['openid', 'email', 'profile']);
      url.searchParams.set('nonce', nonce);
      return url;
    },
    async profile(code, { codeVerifier, nonce }) {
      const doc = await discover();
      const tokens = await oauth.validateAuthorizationCode(doc.token_endpoint, code, codeVerifier);
      const idClaims = checkIdToken(tokens.idToken(), { issuers: [doc.issuer], audience: client.clientId, nonce, now: clock() });
      // Profile claims come from userinfo: providers may leave them out of the ID token.
      const userinfo = await getJson(doc.userinfo_endpoint, { authorization: `Bearer ${tokens.accessToken()}` });
      if (text(userinfo.sub) !== text(idClaims.sub)) throw new ProviderError('userinfo of another subject');
      return profileFromClaims({ ...idClaims, ...userinfo });
    },
  };
}

/** The providers that are configured (client id and secret set), in button order. */
export function createProviders(config: OAuthConfig, appUrl: string, clock: Clock): Map<ProviderId, OAuthProvider> {
  const callback = (id: ProviderId) => `${appUrl}/api/oauth/${id}/callback`;
  const providers = new Map<ProviderId, OAuthProvider>();
  if (config.github) providers.set('github', github(config.github, callback('github')));
  if (config.google) providers.set('google', google(config.google, callback('google'), clock));
  if (config.oidc) providers.set('oidc', oidc(config.oidc, callback('oidc'), clock));
  return providers;
}
