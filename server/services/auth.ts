import type { Locale } from '../../contract/locales.ts';
import type { PasswordHasher } from './passwords.ts';
import type { Throttles } from './index.ts';
import { reserveAll } from './throttle.ts';
import type { TokenService } from './tokens.ts';
import { normalizeEmail, type UserRecord, type UserService } from './users.ts';

export interface LoginAttempt {
  email: string;
  password: string;
  remember: boolean;
  ip: string;
  userAgent: string | null;
  /** The request's language, remembered as the language of the user's mail. */
  locale: Locale;
}

export type LoginResult =
  | { outcome: 'signed-in'; token: string; expiresIn: number }
  | { outcome: 'bad-credentials' }
  /** Right password, but the e-mail address is not verified yet. */
  | { outcome: 'unverified' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

export interface Authenticated {
  user: UserRecord;
  tokenId: number;
}

export interface AuthService {
  login(attempt: LoginAttempt): Promise<LoginResult>;
  /** The user behind a bearer token, or null when the token is unknown, expired or revoked. */
  authenticate(token: string): Promise<Authenticated | null>;
  logout(tokenId: number): Promise<void>;
}

/** The login throttle key: the lower-cased e-mail and the client's IP, as Laravel does. */
export function loginThrottleKey(email: string, ip: string): string {
  return `${normalizeEmail(email)}|${ip}`;
}

type LoginThrottles = Pick<Throttles, 'login' | 'loginAccount' | 'loginAddress'>;

export function createAuthService(deps: {
  users: UserService;
  tokens: TokenService;
  passwords: PasswordHasher;
  throttles: LoginThrottles;
}): AuthService {
  const { users, tokens, passwords, throttles } = deps;

  return {
    async login({ email, password, remember, ip, userAgent, locale }) {
      const key = loginThrottleKey(email, ip);
      const account = normalizeEmail(email);
      // The attempt is counted before the password is verified: requests sent together each take
      // their own attempt, so no more than the limit are ever verified. The address comes first,
      // so an address past its limit creates no further keys.
      const verdict = await reserveAll([
        [throttles.loginAddress, ip],
        [throttles.login, key],
        [throttles.loginAccount, account],
      ]);
      if (verdict.limited) return { outcome: 'throttled', retryAfterSeconds: verdict.retryAfterSeconds };

      const credentials = await users.findCredentials(email);
      const valid = credentials
        ? await passwords.verify(credentials.password_hash, password)
        : (await passwords.burn(password), false);
      if (!credentials || !valid) return { outcome: 'bad-credentials' };

      // A success does not count: this address's failures for the account are forgotten (as in
      // Laravel), and the attempt is given back to the account's and the address's counts, which
      // keep the failures made before it.
      await Promise.all([throttles.login.clear(key), throttles.loginAccount.giveBack(account), throttles.loginAddress.giveBack(ip)]);
      if (!credentials.email_verified_at) return { outcome: 'unverified' };
      await users.setLocale(credentials.id, locale);
      if (passwords.needsRehash(credentials.password_hash)) {
        await users.setPasswordHash(credentials.id, await passwords.hash(password));
      }
      const issued = await tokens.issue(credentials.id, { remember, userAgent, ip });
      return { outcome: 'signed-in', token: issued.token, expiresIn: issued.expiresIn };
    },

    async authenticate(token) {
      const live = await tokens.resolve(token);
      if (!live) return null;
      const user = await users.findById(live.userId);
      return user ? { user, tokenId: live.tokenId } : null;
    },

    logout: (tokenId) => tokens.revoke(tokenId),
  };
}
