import type { Config } from '../config.ts';
import { nodemailer } from '../packages.ts';
import { writeToOutbox } from './outbox.ts';

/** A mail ready to go: both bodies already rendered in the recipient's language. */
export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  /** Sends (or files) the mail; rejects when the SMTP server refuses it. */
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when `MAIL_URL` is set; otherwise every mail becomes an `.eml` file in `MAIL_OUTBOX`
 * (the development mailbox lists them). Both paths build the same MIME message with nodemailer,
 * loaded with the first mail (a process that sends none never loads it).
 */
export function createMailer(config: Pick<Config, 'mail'>): Mailer {
  const { url, outbox, from } = config.mail;
  if (url) {
    let smtp: ReturnType<ReturnType<typeof nodemailer>['createTransport']> | undefined;
    return {
      async send(mail) {
        smtp ??= nodemailer().createTransport(url);
        await smtp.sendMail({ from, ...mail });
      },
    };
  }
  let files: ReturnType<typeof fileTransport> | undefined;
  const fileTransport = () => nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      files ??= fileTransport();
      const info = await files.sendMail({ from, ...mail });
      await writeToOutbox(outbox, info.message as Buffer);
    },
  };
}
