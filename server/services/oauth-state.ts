import { createHmac, timingSafeEqual } from 'node:crypto';
import { isLocale, type Locale } from '../../contract/locales.ts';
import { isProviderId, type ProviderId } from './oauth-providers.ts';

/** How long a started sign-in may take at the provider. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

/** What the browser carries between `POST /api/oauth/{provider}` and the callback, signed. */
export interface OAuthFlow {
  provider: ProviderId;
  state: string;
  codeVerifier: string;
  nonce: string;
  /** Set when a signed-in user links the provider from settings. */
  linkUserId: number | null;
  /** The app's language when the flow started: the popup page speaks it. */
  locale: Locale;
  /** Epoch milliseconds. */
  expiresAt: number;
}

function mac(key: string, payload: string): Buffer {
  return createHmac('sha256', key).update(`oauth-state:${payload}`).digest();
}

/** `<base64url JSON>.<base64url HMAC-SHA256>`; HttpOnly, so only its integrity needs protecting. */
export function sealFlow(key: string, flow: OAuthFlow): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The flow in a cookie, or null when it is missing, tampered with, malformed or expired. */
export function openFlow(key: string, sealed: string | undefined, now: Date): OAuthFlow | null {
  if (!sealed) return null;
  const [payload, signature, extra] = sealed.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as OAuthFlow;
    if (!isProviderId(flow.provider) || !isLocale(flow.locale) || typeof flow.state !== 'string') return null;
    if (typeof flow.expiresAt !== 'number' || flow.expiresAt <= now.getTime()) return null;
    return flow;
  } catch {
    return null;
  }
}

/** Compares two strings in time independent of where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
