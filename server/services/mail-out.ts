import type { Mailer, Mail } from '../mail/mailer.ts';

/**
 * Sends a mail on behalf of a request. A mail server that fails does not fail the request
 * (the account change is already made, and every mail can be asked for again); it is reported.
 */
export type MailOut = (mail: Mail) => Promise<void>;

export function createMailOut(mailer: Mailer, report: (error: unknown, mail: Mail) => void): MailOut {
  return async (mail) => {
    try {
      await mailer.send(mail);
    } catch (error) {
      report(error, mail);
    }
  };
}
