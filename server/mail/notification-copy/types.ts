import type { DocumentKind } from '../../../contract/verification.ts';
import type { MailContent } from '../copy/types.ts';

/** Every notification mail has these: whom it greets, where its button goes, when it happened (formatted). */
interface Base {
  name: string;
  url: string;
  when: string;
}

interface Money extends Base {
  kind: 'deposit' | 'withdrawal';
  /** Formatted in the recipient's language: "1,250.50 USD" / "1 250,50 USD". */
  amount: string;
  account: string;
}

interface Ticket extends Base {
  number: string;
  subject: string;
}

interface Ipo extends Base {
  /** "Nordlicht Energie AG (NRDL)". */
  offering: string;
}

/** The mails of notifications (contract/notifications.ts) in one language; a missing one is a type error. */
export interface NotificationMailCopy {
  'money_request.approved': (p: Money) => MailContent;
  'money_request.rejected': (p: Money & { reason: string | null }) => MailContent;
  'document.approved': (p: Base & { kind: DocumentKind }) => MailContent;
  'document.rejected': (p: Base & { kind: DocumentKind; reason: string | null }) => MailContent;
  /** `answer`: quoted in full for a ticket that began in the chat (docs/adr/0087). */
  'ticket.reply': (p: Ticket & { from: string; answer?: string | undefined }) => MailContent;
  'ticket.status': (p: Ticket & { status: string }) => MailContent;
  'ticket.new': (p: Ticket & { category: string; client: string }) => MailContent;
  /** `notMeUrl`: the single-use "This wasn't me" link (docs/adr/0088); null in a copy without one. */
  'security.new_device': (p: Base & { device: string; ip: string | null; notMeUrl: string | null; notMeDays: number }) => MailContent;
  'security.email_changed': (p: Base & { previous: string; current: string }) => MailContent;
  /** `until`: the download's last moment, formatted (UTC, said so). */
  'privacy.export_ready': (p: Base & { until: string }) => MailContent;
  /** `price` and the amounts formatted in the recipient's language; `deadline` formatted, null when no reconfirmation is needed. */
  'ipo.priced': (p: Ipo & { price: string; deadline: string | null }) => MailContent;
  'ipo.lapsed': (p: Ipo & { released: string }) => MailContent;
  'copy.stop_loss': (p: Base & { strategy: string; equity: string; floor: string }) => MailContent;
  'ipo.allocated': (p: Ipo & { requested: string; allocated: string; released: string; shares: string; price: string }) => MailContent;
  'ipo.cancelled': (p: Ipo & { released: string; reason: string | null }) => MailContent;
  /** Under every mail that the user may switch off. */
  preferencesNote: string;
}

/** An answer quoted in a mail: its paragraphs as written (blank lines apart), none empty. */
export const quoted = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
