import { z } from 'zod';
import { LIFECYCLE_ACTOR_ROLES, LIFECYCLE_KINDS, LIFECYCLE_REASON_MAX, type Timeline, type TimelineStep } from './lifecycle';

/** Answer and request schemas of the lifecycle calls (docs/adr/0082), for the server's routes. */

export const timelineStepSchema = z.object({
  from: z.string().nullable(),
  to: z.string(),
  event: z.string(),
  by: z.enum(LIFECYCLE_ACTOR_ROLES),
  reason: z.string().nullable(),
  expected_at: z.string().nullable(),
  at: z.string(),
}) satisfies z.ZodType<TimelineStep>;

export const timelineSchema = z.object({
  kind: z.enum(LIFECYCLE_KINDS),
  id: z.number(),
  state: z.string(),
  expected_at: z.string().nullable(),
  steps: z.array(timelineStepSchema),
}) satisfies z.ZodType<Timeline>;

/** A rejection's reason: required, at most LIFECYCLE_REASON_MAX characters once trimmed. */
export const reasonSchema = z.string().trim().min(1).max(LIFECYCLE_REASON_MAX);

/** POST …/reject: `{reason}`. */
export const rejectBodySchema = z.object({ reason: reasonSchema });
export type RejectBody = z.input<typeof rejectBodySchema>;

/** POST …/review: staff take the object into review, optionally saying when to expect the next step. */
export const reviewBodySchema = z.object({ expected_at: z.iso.datetime({ offset: true }).nullable().optional() });
export type ReviewBody = z.input<typeof reviewBodySchema>;
