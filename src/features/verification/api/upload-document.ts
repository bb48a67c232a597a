import type { DocumentKind, VerificationDocument } from '../../../../contract/verification';
import { upload, type UploadProgress } from '../../../lib/http';

/** POST /api/verification/documents (multipart: kind, file), with upload progress. */
export function uploadDocument(kind: DocumentKind, file: File, onProgress: (progress: UploadProgress) => void): Promise<VerificationDocument> {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file, file.name);
  return upload<VerificationDocument>('/api/verification/documents', body, { onProgress });
}
