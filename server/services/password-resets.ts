import { randomBytes } from 'node:crypto';
import type { Locale } from '../../contract/locales.ts';
import type { Db } from '../db/schema.ts';
import { mails } from '../mail/mails.ts';
import type { Clock } from './clock.ts';
import type { MailOut } from './mail-out.ts';
import type { Notify } from './notifications.ts';
import type { PasswordHasher } from './passwords.ts';
import type { TokenService } from './tokens.ts';
import { hashToken } from './tokens.ts';
import type { UserService } from './users.ts';

/** How long a mailed reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** At most one reset mail per address within this time; further requests are answered alike but send nothing. */
export const PASSWORD_RESET_MAIL_INTERVAL_MS = 60_000;

export type ResetOutcome = 'reset' | 'invalid';

export interface PasswordResetService {
  /** Mails a reset link when the account exists and none was mailed in the last minute. */
  request(email: string, locale: Locale): Promise<void>;
  /**
   * Spends a token: sets the password, spends every other outstanding token of the user and
   * revokes all their sessions. 'invalid' for an unknown, expired or spent token (or a token
   * of another address).
   */
  reset(input: { email: string; token: string; password: string }): Promise<ResetOutcome>;
}

export function createPasswordResetService(deps: {
  db: Db;
  users: UserService;
  tokens: TokenService;
  passwords: PasswordHasher;
  mailOut: MailOut;
  notify: Notify;
  clock: Clock;
  appUrl: string;
}): PasswordResetService {
  const { db, users, tokens, passwords, mailOut, notify, clock, appUrl } = deps;

  return {
    async request(email, locale) {
      const user = await users.findByEmail(email);
      if (!user) return;
      const now = clock();
      const recent = await db
        .selectFrom('password_reset_tokens')
        .select('id')
        .where('user_id', '=', user.id)
        .where('created_at', '>', new Date(now.getTime() - PASSWORD_RESET_MAIL_INTERVAL_MS).toISOString())
        .executeTakeFirst();
      if (recent) return;

      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('password_reset_tokens')
        .values({
          user_id: user.id,
          token_hash: hashToken(token),
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000).toISOString(),
        })
        .execute();
      await users.setLocale(user.id, locale);
      const url = `${appUrl}/${locale}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
      await mailOut(mails.resetPassword({ ...user, locale }, url, PASSWORD_RESET_TTL_MINUTES));
    },

    async reset({ email, token, password }) {
      const user = await users.findByEmail(email);
      if (!user || !/^[A-Za-z0-9_-]{43}$/.test(token)) return 'invalid';
      const now = clock().toISOString();
      // Spending is one conditional update, so two requests with the same token cannot both win.
      const spent = await db
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hashToken(token))
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) === 0) return 'invalid';

      await users.setPasswordHash(user.id, await passwords.hash(password));
      await db.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', user.id).where('used_at', 'is', null).execute();
      await tokens.revokeAll(user.id);
      // Following a link mailed to the address proves it, as verification would.
      if (!user.email_verified_at) await users.markEmailVerified(user.id);
      await notify(user.id, 'security.password_changed', { at: clock().toISOString() });
      return 'reset';
    },
  };
}
