import type { Locale } from '../../contract/locales.ts';
import type { PasswordHasher } from './passwords.ts';
import type { Throttles } from './index.ts';
import { reserveAll } from './throttle.ts';
import type { SecondFactorProof, SecondFactorService, StepUpMethod } from './second-factor.ts';
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
  /** The browser's remembered-device token (cookie), which spares the second factor for 30 days. */
  deviceToken?: string | null | undefined;
}

export interface SecondFactorAttempt extends SecondFactorProof {
  /** The token answered by the password step. */
  challenge: string;
  rememberDevice: boolean;
  ip: string;
  userAgent: string | null;
}

export type LoginResult =
  | { outcome: 'signed-in'; token: string; expiresIn: number }
  /** Right password; the second factor is asked next, with this challenge. */
  | { outcome: 'second-factor'; challenge: string; methods: StepUpMethod[] }
  | { outcome: 'bad-credentials' }
  /** Right password, but the e-mail address is not verified yet. */
  | { outcome: 'unverified' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

export type SecondFactorResult =
  | { outcome: 'signed-in'; token: string; expiresIn: number; deviceToken: string | null }
  /** Unknown, spent or expired challenge: start again with the password. */
  | { outcome: 'expired' }
  | { outcome: 'bad-code' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

export interface Authenticated {
  user: UserRecord;
  tokenId: number;
}

export interface AuthService {
  login(attempt: LoginAttempt): Promise<LoginResult>;
  /** The second step of a sign-in: a TOTP or recovery code against the password step's challenge. */
  completeSecondFactor(attempt: SecondFactorAttempt): Promise<SecondFactorResult>;
  /** Issues the session of a sign-in whose every factor is proved (a passkey alone, or the second step). */
  issueFor(userId: number, options: { remember: boolean; ip: string; userAgent: string | null }): Promise<{ token: string; expiresIn: number }>;
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
  secondFactor: SecondFactorService;
}): AuthService {
  const { users, tokens, passwords, throttles, secondFactor } = deps;

  /** The second step is throttled on the password's own counters (memory or Redis), so guessing codes costs sign-in attempts. */
  async function reserveSignIn(email: string, ip: string) {
    return reserveAll([
      [throttles.loginAddress, ip],
      [throttles.login, loginThrottleKey(email, ip)],
      [throttles.loginAccount, normalizeEmail(email)],
    ]);
  }
  async function forgiveSignIn(email: string, ip: string) {
    await Promise.all([throttles.login.clear(loginThrottleKey(email, ip)), throttles.loginAccount.giveBack(normalizeEmail(email)), throttles.loginAddress.giveBack(ip)]);
  }

  return {
    async login({ email, password, remember, ip, userAgent, locale, deviceToken }) {
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
      const remembered = await secondFactor.deviceTrusted(deviceToken, credentials.id);
      if ((await secondFactor.enabled(credentials.id)) && !remembered) {
        const challenge = await secondFactor.createChallenge('sign-in', { userId: credentials.id, remember });
        return { outcome: 'second-factor', challenge, methods: (await secondFactor.methods(credentials.id)).filter((m) => m !== 'password') };
      }
      const issued = await tokens.issue(credentials.id, { remember, userAgent, ip, knownDevice: remembered });
      return { outcome: 'signed-in', token: issued.token, expiresIn: issued.expiresIn };
    },

    async completeSecondFactor({ challenge, code, recovery_code, rememberDevice, ip, userAgent }) {
      const pending = await secondFactor.readChallenge(challenge, 'sign-in');
      const user = pending?.userId ? await users.findById(pending.userId) : undefined;
      if (!pending || !user) return { outcome: 'expired' };
      const verdict = await reserveSignIn(user.email, ip);
      if (verdict.limited) return { outcome: 'throttled', retryAfterSeconds: verdict.retryAfterSeconds };
      if (!(await secondFactor.verify(user.id, { code, recovery_code }))) return { outcome: 'bad-code' };
      // One session per challenge, even when the same right code arrives twice at once.
      if (!(await secondFactor.spendChallenge(pending.id))) return { outcome: 'expired' };
      await forgiveSignIn(user.email, ip);
      const issued = await tokens.issue(user.id, { remember: pending.remember, userAgent, ip });
      const deviceToken = rememberDevice ? await secondFactor.trustDevice(user.id, userAgent) : null;
      return { outcome: 'signed-in', token: issued.token, expiresIn: issued.expiresIn, deviceToken };
    },

    issueFor: (userId, { remember, ip, userAgent }) => tokens.issue(userId, { remember, userAgent, ip }),

    authenticate: (token) => tokens.resolveUser(token),

    logout: (tokenId) => tokens.revoke(tokenId),
  };
}
