import { attachmentUrl } from '../../../../contract/chat';
import { request } from '../../../lib/http';

/** GET /api/chat/attachments/{id} as a Blob: the call needs the bearer token, which a plain link cannot send. */
export function fetchAttachment(id: number): Promise<Blob> {
  // request() is typed for JSON answers; ofetch itself takes responseType as given.
  return request<Blob>(attachmentUrl(id), { responseType: 'blob', loader: false } as never);
}
