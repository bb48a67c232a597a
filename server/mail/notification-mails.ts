import { intlLocale, type Locale } from '../../contract/locales.ts';
import { formatMoney } from '../../contract/money.ts';
import type { Notification } from '../../contract/notifications.ts';
import { perLocale } from '../i18n/per-locale.ts';
import type { MailContent } from './copy/types.ts';
import type { Mail } from './mailer.ts';
import { compose, mails, type Recipient } from './mails.ts';
import type { NotificationMailCopy } from './notification-copy/types.ts';

const copies = await perLocale<NotificationMailCopy>('server/mail/notification-copy', (locale) => import(`./notification-copy/${locale}.ts`));

/** The server does not know the reader's time zone: UTC, said so. */
export function mailTime(locale: Locale, at: Date | string): string {
  return `${new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(at))} UTC`;
}

type Words = (copy: NotificationMailCopy) => MailContent;

/** What only the mail says: a secret link is mailed, never stored with the in-app notification. */
export interface MailFacts {
  /** The new-device mail's single-use "This wasn't me" link, and how many days it works. */
  notMeUrl?: string;
  notMeDays?: number;
}

/** The facts of one notification worded in the recipient's language. */
function words(n: Notification, base: { name: string; url: string; when: string }, locale: Locale, facts: MailFacts): Words | null {
  switch (n.event) {
    case 'money_request.approved':
    case 'money_request.rejected': {
      const p = n.payload;
      const facts = { ...base, kind: p.kind, amount: formatMoney(p.amount, p.currency, p.precision, locale), account: p.account_number };
      return n.event === 'money_request.approved'
        ? (c) => c['money_request.approved'](facts)
        : (c) => c['money_request.rejected']({ ...facts, reason: n.payload.reason });
    }
    case 'document.approved':
      return (c) => c['document.approved']({ ...base, kind: n.payload.kind });
    case 'document.rejected':
      return (c) => c['document.rejected']({ ...base, kind: n.payload.kind, reason: n.payload.reason });
    case 'ticket.reply':
      return (c) => c['ticket.reply']({ ...base, ...n.payload });
    case 'ticket.status':
      return (c) => c['ticket.status']({ ...base, ...n.payload });
    case 'ticket.new':
      return (c) => c['ticket.new']({ ...base, ...n.payload });
    case 'security.new_device':
      return (c) => c['security.new_device']({ ...base, device: n.payload.device, ip: n.payload.ip, notMeUrl: facts.notMeUrl ?? null, notMeDays: facts.notMeDays ?? 0 });
    case 'security.email_changed':
      return (c) => c['security.email_changed']({ ...base, previous: n.payload.previous, current: n.payload.current });
    case 'privacy.export_ready':
      return (c) => c['privacy.export_ready']({ ...base, until: mailTime(locale, n.payload.expires_at) });
    case 'security.password_changed':
      return null;
    case 'ipo.priced':
    case 'ipo.lapsed':
    case 'ipo.allocated':
    case 'ipo.cancelled':
      return ipoWords(n, base, locale);
    case 'copy.stop_loss': {
      const p = n.payload;
      const money = (minor: number) => formatMoney(minor, p.currency, p.precision, locale);
      return (c) => c['copy.stop_loss']({ ...base, strategy: p.strategy, equity: money(p.equity), floor: money(p.floor) });
    }
  }
}

function ipoWords(n: Extract<Notification, { event: `ipo.${string}` }>, base: { name: string; url: string; when: string }, locale: Locale): Words {
  const p = n.payload;
  const money = (minor: number) => formatMoney(minor, p.currency, p.precision, locale);
  const facts = { ...base, offering: `${p.company} (${p.ticker})` };
  switch (n.event) {
    case 'ipo.priced': {
      const until = n.payload.reconfirm_until;
      return (c) => c['ipo.priced']({ ...facts, price: money(n.payload.price), deadline: until ? mailTime(locale, until) : null });
    }
    case 'ipo.lapsed':
      return (c) => c['ipo.lapsed']({ ...facts, released: money(n.payload.released) });
    case 'ipo.allocated': {
      const a = n.payload;
      const shares = new Intl.NumberFormat(intlLocale(locale)).format(a.shares);
      return (c) => c['ipo.allocated']({ ...facts, requested: money(a.requested), allocated: money(a.allocated), released: money(a.released), shares, price: money(a.price) });
    }
    case 'ipo.cancelled':
      return (c) => c['ipo.cancelled']({ ...facts, released: money(n.payload.released), reason: n.payload.reason });
  }
}

/**
 * The mail of a notification, to `to` (the user's address; for a changed address, the previous
 * one). The button opens the object's page in the recipient's language. Mails the user may switch off
 * say where to.
 */
export function notificationMail(to: string, user: Recipient, n: Notification, appUrl: string, optional: boolean, facts: MailFacts = {}): Mail {
  if (n.event === 'security.password_changed') {
    // Its button is the way back in for someone locked out: the reset page, not a signed-in one.
    return mails.passwordChanged({ ...user, email: to }, `${appUrl}/${user.locale}/password/reset`, new Date(n.payload.at));
  }
  const url = `${appUrl}/${user.locale}${n.link ?? '/home'}`;
  const when = mailTime(user.locale, n.created_at);
  const content = words(n, { name: user.first_name, url, when }, user.locale, facts)!;
  const copy = copies[user.locale];
  return compose(to, user.locale, () => {
    const body = content(copy);
    return optional ? { ...body, notes: [...body.notes, copy.preferencesNote] } : body;
  });
}
