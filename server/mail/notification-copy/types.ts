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
  'security.new_device': (p: Base & { device: string; ip: string | null }) => MailContent;
  'security.email_changed': (p: Base & { previous: string; current: string }) => MailContent;
  /** Under every mail that the user may switch off. */
  preferencesNote: string;
}

/** An answer quoted in a mail: its paragraphs as written (blank lines apart), none empty. */
export const quoted = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
