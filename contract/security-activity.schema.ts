import { z } from 'zod';
import { SECURITY_EVENT_KINDS, SIGN_IN_FAILURES } from './security-activity';

const meta = z.object({ current_page: z.number(), per_page: z.number(), total: z.number(), last_page: z.number() });

export const securityEventSchema = z.object({
  id: z.number(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  reason: z.enum(SIGN_IN_FAILURES).nullable(),
  passkey: z.string().nullable(),
  created_at: z.string(),
});
export const securityEventPageSchema = z.object({ data: z.array(securityEventSchema), meta });
export const pageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export const notMeBodySchema = z.object({ token: z.string().min(1).max(100) });
export const notMeResultSchema = z.object({ sessions_revoked: z.number(), withdrawals_held_until: z.string().nullable(), reset_mailed: z.boolean() });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** An actor's id or part of their e-mail or name. */
  actor: z.string().trim().max(100).optional(),
  action: z.string().trim().max(200).optional(),
  object_type: z.string().trim().max(100).optional(),
  object_id: z.string().trim().max(100).optional(),
  /** Days (UTC), both included. */
  from: day.optional(),
  to: day.optional(),
});
export const auditEntrySchema = z.object({
  id: z.number(),
  actor: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  summary: z.record(z.string(), z.unknown()),
  status: z.number(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export const auditPageSchema = z.object({ data: z.array(auditEntrySchema), meta, actions: z.array(z.string()), object_types: z.array(z.string()) });
