import { queryOptions } from '@tanstack/react-query';
import type { MailboxEntry } from '../../../../contract/mailbox';
import { request } from '../../../lib/http';

/** GET /api/dev/mail: the outbox, newest first (404 when the server has no mailbox). */
export function listMail(): Promise<MailboxEntry[]> {
  return request<MailboxEntry[]>('/api/dev/mail', { loader: false });
}

export const mailQuery = () => queryOptions({ queryKey: ['dev', 'mail'] as const, queryFn: listMail, staleTime: 0, retry: false });
