import { queryOptions } from '@tanstack/react-query';
import type { MailboxMail } from '../../../../contract/mailbox';
import { request } from '../../../lib/http';

/** GET /api/dev/mail/{id} */
export function readMail(id: string): Promise<MailboxMail> {
  return request<MailboxMail>(`/api/dev/mail/${encodeURIComponent(id)}`, { loader: false });
}

export const openMailQuery = (id: string) => queryOptions({ queryKey: ['dev', 'mail', id] as const, queryFn: () => readMail(id), retry: false });
