import { z } from 'zod';
import { DOCUMENT_STATUSES, REJECTION_REASON_MAX } from './verification.ts';

/** POST /api/admin/verifications/{id}/reject */
export const rejectBodySchema = z.object({
  reason: z.string().trim().min(1).max(REJECTION_REASON_MAX),
});
export type RejectBody = z.input<typeof rejectBodySchema>;

/** GET /api/admin/verifications?status= */
export const verificationQueueQuerySchema = z.object({
  status: z.enum(DOCUMENT_STATUSES).optional(),
});
