import { z } from 'zod';
import {
  type AdminVerification,
  DOCUMENT_KINDS,
  DOCUMENT_MIME_TYPES,
  DOCUMENT_STATUSES,
  REJECTION_REASON_MAX,
  type VerificationDocument,
  type VerificationOverview,
} from './verification.ts';
import { DOCUMENT_STATES } from './lifecycle.ts';

/** POST /api/admin/verifications/{id}/reject */
export const rejectBodySchema = z.object({
  reason: z.string().trim().min(1).max(REJECTION_REASON_MAX),
});
export type RejectBody = z.input<typeof rejectBodySchema>;

/** GET /api/admin/verifications?status= */
export const verificationQueueQuerySchema = z.object({
  status: z.enum(DOCUMENT_STATUSES).optional(),
});

/** GET /api/verification/documents/{id}/file: `download=1` asks for an attachment, anything else shows it inline. */
export const documentFileQuerySchema = z.object({ download: z.string().optional() });

/** POST /api/verification/documents, as multipart/form-data (the document for the OpenAPI reference: the route reads the parts itself). */
export const documentUploadSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  file: z.string().meta({ format: 'binary', description: 'PNG, JPEG or PDF, at most 10 MB' }),
});

// Answers (the types in verification.ts are what the app reads; each schema is checked against its type).

export const verificationDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  status: z.enum(DOCUMENT_STATUSES),
  file_name: z.string(),
  mime_type: z.enum(DOCUMENT_MIME_TYPES),
  size: z.number().int(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  state: z.enum(DOCUMENT_STATES),
  expected_at: z.string().nullable(),
}) satisfies z.ZodType<VerificationDocument>;

export const verificationOverviewSchema = z.object({
  verified: z.boolean(),
  documents: z.array(
    z.object({
      kind: z.enum(DOCUMENT_KINDS),
      status: z.enum([...DOCUMENT_STATUSES, 'not_submitted']),
      document: verificationDocumentSchema.nullable(),
    }),
  ),
}) satisfies z.ZodType<VerificationOverview>;

export const adminVerificationSchema = verificationDocumentSchema.extend({
  user: z.object({ id: z.number().int(), first_name: z.string(), second_name: z.string(), email: z.string() }),
}) satisfies z.ZodType<AdminVerification>;
