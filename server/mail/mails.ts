import { intlLocale, type Locale } from '../../contract/locales.ts';
import { perLocale } from '../i18n/per-locale.ts';
import type { MailContent, MailCopy } from './copy/types.ts';
import { renderHtml, renderText } from './layout.ts';
import type { Mail } from './mailer.ts';

const copies = await perLocale<MailCopy>('server/mail/copy', (locale) => import(`./copy/${locale}.ts`));

export interface Recipient {
  email: string;
  first_name: string;
  locale: Locale;
}

export function compose(to: string, locale: Locale, content: (copy: MailCopy) => MailContent): Mail {
  const copy = copies[locale];
  const body = content(copy);
  return { to, subject: body.subject, html: renderHtml(locale, body, copy, to), text: renderText(body, copy, to) };
}

export const mails = {
  verifyEmail: (user: Recipient, url: string, minutes: number) =>
    compose(user.email, user.locale, (c) => c.verifyEmail({ name: user.first_name, url, minutes })),

  /** Goes to the new address, which the user has yet to prove is theirs. */
  confirmNewEmail: (user: Recipient, newEmail: string, url: string, minutes: number) =>
    compose(newEmail, user.locale, (c) => c.confirmNewEmail({ name: user.first_name, url, minutes, email: newEmail })),

  resetPassword: (user: Recipient, url: string, minutes: number) =>
    compose(user.email, user.locale, (c) => c.resetPassword({ name: user.first_name, url, minutes })),

  passwordChanged: (user: Recipient, resetUrl: string, at: Date) => {
    // The server does not know the reader's time zone: UTC, said so.
    const when = `${new Intl.DateTimeFormat(intlLocale(user.locale), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
    return compose(user.email, user.locale, (c) => c.passwordChanged({ name: user.first_name, url: resetUrl, when }));
  },

  accountClosed: (user: Recipient, at: Date) => {
    const when = `${new Intl.DateTimeFormat(intlLocale(user.locale), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
    return compose(user.email, user.locale, (c) => c.accountClosed({ name: user.first_name, when }));
  },
};
