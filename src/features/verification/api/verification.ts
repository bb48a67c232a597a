import type { AdminVerification, DocumentKind, DocumentStatus, VerificationDocument, VerificationOverview } from '../../../../contract/verification';
import { request, upload, type UploadProgress } from '../../../lib/http';

/** GET /api/verification: each document kind's state for the signed-in client. */
export function fetchVerification(): Promise<VerificationOverview> {
  return request<VerificationOverview>('/api/verification', { loader: false });
}

/** POST /api/verification/documents (multipart: kind, file), with upload progress. */
export function uploadDocument(kind: DocumentKind, file: File, onProgress: (progress: UploadProgress) => void): Promise<VerificationDocument> {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file, file.name);
  return upload<VerificationDocument>('/api/verification/documents', body, { onProgress });
}

/**
 * GET /api/verification/documents/{id}/file as a Blob: the call needs the bearer token, which an
 * `<img src>` or a link cannot send, so the app fetches it and shows it from a blob: address.
 */
export function fetchDocumentFile(id: number): Promise<Blob> {
  // request() is typed for JSON answers; ofetch itself takes responseType as given.
  return request<Blob>(`/api/verification/documents/${id}/file`, { responseType: 'blob' } as never);
}

/** GET /api/admin/verifications?status= (pending first). */
export function fetchVerificationQueue(status: DocumentStatus | 'all'): Promise<AdminVerification[]> {
  return request<AdminVerification[]>('/api/admin/verifications', { query: status === 'all' ? {} : { status }, loader: false });
}

/** POST /api/admin/verifications/{id}/approve */
export function approveDocument(id: number): Promise<AdminVerification> {
  return request<AdminVerification>(`/api/admin/verifications/${id}/approve`, { method: 'POST' });
}

/** POST /api/admin/verifications/{id}/reject {reason} */
export function rejectDocument(id: number, reason: string): Promise<AdminVerification> {
  return request<AdminVerification>(`/api/admin/verifications/${id}/reject`, { method: 'POST', body: { reason } });
}
