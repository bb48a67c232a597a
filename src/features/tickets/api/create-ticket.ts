import type { Ticket, TicketCategory } from '../../../../contract/tickets';
import { upload, type UploadProgress } from '../../../lib/http';

export interface NewTicket {
  category: TicketCategory | '';
  subject: string;
  message: string;
  files: File[];
}

/** The text fields and each file as a `files` part. */
export function ticketForm(fields: Record<string, string>, files: readonly File[]): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append('files', file, file.name);
  return body;
}

/** POST /api/tickets (multipart: category, subject, message, files), with upload progress. */
export function createTicket({ files, ...fields }: NewTicket, onProgress: (progress: UploadProgress) => void): Promise<Ticket> {
  return upload<Ticket>('/api/tickets', ticketForm(fields, files), { onProgress });
}
