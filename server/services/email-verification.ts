import type { Locale } from '../../contract/locales.ts';
import { mails } from '../mail/mails.ts';
import type { Clock } from './clock.ts';
import type { MailOut } from './mail-out.ts';
import { emailLinkSignatureValid, signEmailLink } from './signed-links.ts';
import { EmailTakenError, normalizeEmail, type UserRecord, type UserService } from './users.ts';

/** How long a mailed verification link works. */
export const EMAIL_LINK_TTL_MINUTES = 60;

export type VerifyOutcome =
  | 'verified'
  /** The link confirmed a new address asked for in the settings. */
  | 'email-changed'
  | 'already-verified'
  | 'expired'
  /** Tampered, unknown user, or signed for an address that is no longer waiting. */
  | 'invalid'
  /** The new address was taken by another account after the link was sent. */
  | 'taken';

export interface EmailVerificationService {
  /** Mails the link that verifies the user's own (new account's) address. */
  sendVerification(user: UserRecord): Promise<void>;
  /** Mails the link that confirms `user.pending_email` to that address. */
  sendEmailChange(user: UserRecord): Promise<void>;
  /**
   * Mails a new link to whoever waits for `email` to be verified: an unverified account with
   * that address, or accounts that asked to move to it. Says nothing about which, if any.
   */
  resend(email: string, locale: Locale): Promise<void>;
  verify(link: { id: number; expires: number; signature: string }): Promise<VerifyOutcome>;
}

export function createEmailVerificationService(deps: {
  users: UserService;
  mailOut: MailOut;
  clock: Clock;
  appKey: string;
  appUrl: string;
}): EmailVerificationService {
  const { users, mailOut, clock, appKey, appUrl } = deps;

  function link(user: UserRecord, email: string): string {
    const expires = Math.floor(clock().getTime() / 1000) + EMAIL_LINK_TTL_MINUTES * 60;
    const signature = signEmailLink(appKey, user.id, email, expires);
    return `${appUrl}/${user.locale}/email/verify/${user.id}?expires=${expires}&signature=${signature}`;
  }

  const service: EmailVerificationService = {
    async sendVerification(user) {
      await mailOut(mails.verifyEmail(user, link(user, user.email), EMAIL_LINK_TTL_MINUTES));
    },

    async sendEmailChange(user) {
      if (!user.pending_email) return;
      await mailOut(mails.confirmNewEmail(user, user.pending_email, link(user, user.pending_email), EMAIL_LINK_TTL_MINUTES));
    },

    async resend(email, locale) {
      const address = normalizeEmail(email);
      const owner = await users.findByEmail(address);
      if (owner && !owner.email_verified_at) {
        await users.setLocale(owner.id, locale);
        await service.sendVerification({ ...owner, locale });
      }
      for (const mover of await users.findByPendingEmail(address)) {
        await users.setLocale(mover.id, locale);
        await service.sendEmailChange({ ...mover, locale });
      }
    },

    async verify({ id, expires, signature }) {
      const user = await users.findById(id);
      if (!user) return 'invalid';
      const forEmail = emailLinkSignatureValid(appKey, id, user.email, expires, signature);
      const forPending = !forEmail && user.pending_email !== null && emailLinkSignatureValid(appKey, id, user.pending_email, expires, signature);
      if (!forEmail && !forPending) return 'invalid';
      // Only a genuine link may tell that it has expired.
      if (expires * 1000 <= clock().getTime()) return 'expired';
      if (forEmail) {
        if (user.email_verified_at) return 'already-verified';
        await users.markEmailVerified(id);
        return 'verified';
      }
      try {
        await users.confirmPendingEmail(id);
        return 'email-changed';
      } catch (error) {
        if (error instanceof EmailTakenError) return 'taken';
        throw error;
      }
    },
  };
  return service;
}
