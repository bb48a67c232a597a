import type { Locale } from '../../contract/locales.ts';
import type { Clock } from './clock.ts';
import type { EmailVerificationService } from './email-verification.ts';
import type { Notify } from './notifications.ts';
import type { PasswordHasher } from './passwords.ts';
import { normalizeEmail, type UserRecord, type UserService } from './users.ts';

export interface ProfileChange {
  first_name: string;
  second_name: string;
  email: string;
}

export interface AccountSettingsService {
  /**
   * Saves the names at once. A different e-mail does not replace the current one: it becomes
   * `pending_email` and a confirmation link goes to it (see EmailVerificationService.verify).
   * Giving the current e-mail back cancels a pending change. The caller checks uniqueness first.
   */
  updateProfile(user: UserRecord, change: ProfileChange, locale: Locale): Promise<UserRecord>;
  /** 'wrong-current' when `current` is not the user's password; nothing changes then. */
  changePassword(user: UserRecord, current: string, next: string): Promise<'changed' | 'wrong-current'>;
}

/** Whether saving `email` as the profile's address mails a confirmation link (it is neither the current nor the pending one). */
export function mailsEmailChange(user: Pick<UserRecord, 'email' | 'pending_email'>, email: string): boolean {
  const normalized = normalizeEmail(email);
  return normalized !== user.email && normalized !== user.pending_email;
}

export function createAccountSettingsService(deps: {
  users: UserService;
  passwords: PasswordHasher;
  verification: EmailVerificationService;
  notify: Notify;
  clock: Clock;
}): AccountSettingsService {
  const { users, passwords, verification, notify, clock } = deps;

  return {
    async updateProfile(user, change, locale) {
      await users.updateNames(user.id, { first_name: change.first_name, second_name: change.second_name });
      if (locale !== user.locale) await users.setLocale(user.id, locale);
      const email = normalizeEmail(change.email);
      if (email === user.email) {
        if (user.pending_email !== null) await users.setPendingEmail(user.id, null);
      } else if (mailsEmailChange(user, email)) {
        await users.setPendingEmail(user.id, email);
        const updated = (await users.findById(user.id))!;
        await verification.sendEmailChange(updated);
        return updated;
      }
      return (await users.findById(user.id))!;
    },

    async changePassword(user, current, next) {
      const stored = await users.passwordHashOf(user.id);
      if (!stored || !(await passwords.verify(stored, current))) return 'wrong-current';
      await users.setPasswordHash(user.id, await passwords.hash(next));
      await notify(user.id, 'security.password_changed', { at: clock().toISOString() });
      return 'changed';
    },
  };
}
