import { request } from '../../../lib/http';

/**
 * GET /api/tickets/{id}/attachments/{attachment} as a Blob: the call needs the bearer token,
 * which a plain link cannot send, so the app fetches it and hands it to the browser.
 */
export function fetchAttachment(ticketId: number, attachmentId: number): Promise<Blob> {
  // request() is typed for JSON answers; ofetch itself takes responseType as given.
  return request<Blob>(`/api/tickets/${ticketId}/attachments/${attachmentId}`, { responseType: 'blob' } as never);
}
