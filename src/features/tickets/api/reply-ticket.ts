import type { Ticket } from '../../../../contract/tickets';
import { upload, type UploadProgress } from '../../../lib/http';
import { ticketForm } from './create-ticket';

/** POST /api/tickets/{id}/messages (multipart: message, files). */
export function replyToTicket(id: number, message: string, files: readonly File[], onProgress: (progress: UploadProgress) => void): Promise<Ticket> {
  return upload<Ticket>(`/api/tickets/${id}/messages`, ticketForm({ message }, files), { onProgress });
}
