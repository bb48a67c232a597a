import type { NotMeResult } from '../../contract/security-activity.ts';
import type { Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { deviceKey, deviceLabel } from './devices.ts';
import type { Notify } from './notifications.ts';
import type { PasswordResetService } from './password-resets.ts';
import type { SecondFactorService } from './second-factor.ts';
import type { SecurityActivityService } from './security-activity.ts';
import type { TokenService } from './tokens.ts';
import type { UserService } from './users.ts';

/** A device and network that signed in within this many days is known (docs/adr/0088). */
export const KNOWN_DEVICE_DAYS = 90;
/** The "This wasn't me" link works this long, once. */
export const NOT_ME_TTL_DAYS = 7;
/** How many of the user's latest sessions are compared with a new sign-in. */
const KNOWN_DEVICES_LOOKBACK = 50;
const DAY_MS = 86_400_000;

/**
 * The network an address belongs to, as the new-device check compares it: an IPv4 /24 and an
 * IPv6 /48, so that a router handing out a neighbouring address is not a new place.
 */
export function networkOf(ip: string | null): string {
  if (!ip) return '';
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}`;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const groups = head ? head.split(':') : [];
  const missing = 8 - groups.length - (tail ? tail.split(':').length : 0);
  const full = [...groups, ...Array<string>(Math.max(0, missing)).fill('0'), ...(tail ? tail.split(':') : [])];
  return full
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':');
}

/**
 * Every session issued (password, second step, passkey, OAuth) is a sign-in of the feed; one from
 * a device and network not seen within 90 days, and not from a remembered device, mails the user
 * with a single-use "This wasn't me" link. The first sign-in of an account has nothing to compare with.
 */
export function alertingSignIns(deps: {
  db: Db;
  clock: Clock;
  appUrl: string;
  notify: Notify;
  activity: SecurityActivityService;
  secondFactor: Pick<SecondFactorService, 'createChallenge'>;
  users: Pick<UserService, 'findById'>;
}) {
  const { db, clock, appUrl, notify, activity, secondFactor, users } = deps;
  return (tokens: TokenService): TokenService => ({
    ...tokens,
    async issue(userId, options) {
      const earlier = await db
        .selectFrom('personal_access_tokens')
        .select(['user_agent', 'ip', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(KNOWN_DEVICES_LOOKBACK)
        .execute();
      const issued = await tokens.issue(userId, options);
      await activity.record(userId, 'sign_in', { ip: options.ip, userAgent: options.userAgent });
      if (options.knownDevice || earlier.length === 0) return issued;
      const since = new Date(clock().getTime() - KNOWN_DEVICE_DAYS * DAY_MS).toISOString();
      const key = deviceKey(options.userAgent);
      const network = networkOf(options.ip);
      const known = earlier.some((row) => row.created_at >= since && deviceKey(row.user_agent) === key && networkOf(row.ip) === network);
      if (known) return issued;
      const user = await users.findById(userId);
      if (!user) return issued;
      const token = await secondFactor.createChallenge('not-me', { userId, ttlMs: NOT_ME_TTL_DAYS * DAY_MS });
      await notify(
        userId,
        'security.new_device',
        { device: deviceLabel(options.userAgent), ip: options.ip, at: clock().toISOString() },
        { notMeUrl: `${appUrl}/${user.locale}/security/not-me/${token}`, notMeDays: NOT_ME_TTL_DAYS },
      );
      return issued;
    },
  });
}

export type NotMe = (token: string, request: { ip: string; userAgent: string | null }) => Promise<NotMeResult | null>;

/**
 * "This wasn't me": spends the link, signs out every session (their sockets are closed), forgets
 * every remembered device, holds live withdrawals (the cool-down) and mails a password-reset link.
 * Null for an unknown, spent or expired link.
 */
export function notMeHandler(deps: {
  secondFactor: Pick<SecondFactorService, 'readChallenge' | 'spendChallenge' | 'forgetDevices' | 'markSecurityChange' | 'withdrawalsHeldUntil'>;
  tokens: Pick<TokenService, 'revokeAll'>;
  users: Pick<UserService, 'findById'>;
  passwordResets: Pick<PasswordResetService, 'request'>;
  activity: SecurityActivityService;
}): NotMe {
  const { secondFactor, tokens, users, passwordResets, activity } = deps;
  return async (token, { ip, userAgent }) => {
    const pending = await secondFactor.readChallenge(token, 'not-me');
    if (!pending?.userId || !(await secondFactor.spendChallenge(pending.id))) return null;
    const user = await users.findById(pending.userId);
    if (!user) return null;
    const revoked = await tokens.revokeAll(user.id);
    await secondFactor.forgetDevices(user.id);
    await secondFactor.markSecurityChange(user.id);
    await activity.record(user.id, 'not_me', { ip, userAgent });
    await passwordResets.request(user.email, user.locale);
    return { sessions_revoked: revoked, withdrawals_held_until: await secondFactor.withdrawalsHeldUntil(user.id), reset_mailed: true };
  };
}
