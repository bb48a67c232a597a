import type { MailboxEntry, MailboxMail } from '../../../../contract/mailbox';
import { errorStatus, request } from '../../../lib/http';

/** GET /api/dev/mail: the outbox, newest first. */
export function listMail(): Promise<MailboxEntry[]> {
  return request<MailboxEntry[]>('/api/dev/mail', { loader: false });
}

/** GET /api/dev/mail/{id} */
export function readMail(id: string): Promise<MailboxMail> {
  return request<MailboxMail>(`/api/dev/mail/${encodeURIComponent(id)}`, { loader: false });
}

/** False when the server has no mailbox (production, or mail going out over SMTP is still listed as empty). */
export async function mailboxAvailable(): Promise<boolean> {
  try {
    await listMail();
    return true;
  } catch (error) {
    if (errorStatus(error) === 404) return false;
    throw error;
  }
}
