/** The development mailbox (ours; absent in production): GET /api/dev/mail and /api/dev/mail/{id}. */
export interface MailboxEntry {
  /** The outbox file's name. */
  id: string;
  to: string;
  subject: string;
  date: string | null;
}

export interface MailboxMail extends MailboxEntry {
  from: string;
  text: string;
  html: string | null;
}
