import type { AdminTicket } from '../../../../contract/tickets';
import type { TicketEventType } from '../../../../machines/ticket/ticket.machine';
import { request, upload, type UploadProgress } from '../../../lib/http';
import { ticketForm } from '../../tickets';

/** POST /api/admin/tickets/{id}/claim: 409 when another staff member was first. */
export function claimTicket(id: number): Promise<AdminTicket> {
  return request<AdminTicket>(`/api/admin/tickets/${id}/claim`, { method: 'POST' });
}

/** POST /api/admin/tickets/{id}/assign {assignee_id}; null hands it back to the queue. */
export function assignTicket(id: number, assigneeId: number | null): Promise<AdminTicket> {
  return request<AdminTicket>(`/api/admin/tickets/${id}/assign`, { method: 'POST', body: { assignee_id: assigneeId } });
}

/** POST /api/admin/tickets/{id}/status {event}: a step of the ticket's machine. */
export function changeTicketStatus(id: number, event: TicketEventType): Promise<AdminTicket> {
  return request<AdminTicket>(`/api/admin/tickets/${id}/status`, { method: 'POST', body: { event } });
}

/** POST /api/admin/tickets/{id}/messages (multipart: message, internal, files). */
export function staffReply(
  id: number,
  data: { message: string; internal: boolean; files: readonly File[] },
  onProgress: (progress: UploadProgress) => void,
): Promise<AdminTicket> {
  return upload<AdminTicket>(`/api/admin/tickets/${id}/messages`, ticketForm({ message: data.message, internal: data.internal ? '1' : '0' }, data.files), { onProgress });
}
