/** Identity verification: types and limits shared by the app and the server, free of zod (it would land in the app's shell chunk). */
import type { DocumentState } from './lifecycle';

export const DOCUMENT_KINDS = ['identity', 'address'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Largest file accepted per document: 10 MB. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Types accepted, told apart by their first bytes on the server (the name's extension is ignored). */
export const DOCUMENT_MIME_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];
export const REJECTION_REASON_MAX = 500;

/** An uploaded document as its owner sees it. */
export interface VerificationDocument {
  id: number;
  kind: DocumentKind;
  status: DocumentStatus;
  file_name: string;
  mime_type: DocumentMimeType;
  size: number;
  submitted_at: string;
  reviewed_at: string | null;
  rejection_reason: string | null;
  /** Where the review stands (machines/identity-document); `status` is its coarse form. */
  state: DocumentState;
  /** When staff expect the decision, if they said. */
  expected_at: string | null;
}

/** One kind's state: the latest upload of that kind decides it. */
export interface VerificationKindState {
  kind: DocumentKind;
  status: DocumentStatus | 'not_submitted';
  document: VerificationDocument | null;
}

/** GET /api/verification */
export interface VerificationOverview {
  /** True when every kind is approved. */
  verified: boolean;
  documents: VerificationKindState[];
}

/** GET /api/admin/verifications: a document with the client who sent it. */
export interface AdminVerification extends VerificationDocument {
  user: { id: number; first_name: string; second_name: string; email: string };
}
