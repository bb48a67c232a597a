import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { verificationKeys } from './fetch-verification';

/**
 * GET /api/verification/documents/{id}/file as a Blob: the call needs the bearer token, which an
 * `<img src>` or a link cannot send, so the app fetches it and shows it from a blob: address.
 */
export function fetchDocumentFile(id: number): Promise<Blob> {
  // request() is typed for JSON answers; ofetch itself takes responseType as given.
  return request<Blob>(`/api/verification/documents/${id}/file`, { responseType: 'blob' } as never);
}

/** A submitted file does not change: held while its preview is open, dropped soon after. */
export const documentFileQuery = (id: number) =>
  queryOptions({ queryKey: [...verificationKeys.all, 'file', id] as const, queryFn: () => fetchDocumentFile(id), retry: false, gcTime: 0 });
