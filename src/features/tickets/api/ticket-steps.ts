import type { Ticket } from '../../../../contract/tickets';
import { request } from '../../../lib/http';

/** POST /api/tickets/{id}/reopen: within 7 days of the resolution, else 409. */
export function reopenTicket(id: number): Promise<Ticket> {
  return request<Ticket>(`/api/tickets/${id}/reopen`, { method: 'POST' });
}

/** POST /api/tickets/{id}/rating {score, comment}. */
export function rateTicket(id: number, body: { score: number; comment: string }): Promise<Ticket> {
  return request<Ticket>(`/api/tickets/${id}/rating`, { method: 'POST', body });
}
