import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
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
 * (the development mailbox lists them). Both paths build the same MIME message with nodemailer.
 */
export function createMailer(config: Pick<Config, 'mail'>): Mailer {
  const { url, outbox, from } = config.mail;
  if (url) {
    const transport = nodemailer.createTransport(url);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await writeToOutbox(outbox, info.message as Buffer);
    },
  };
}
