import { z } from 'zod';
import { idNumber } from './ids.schema';
import { timelineStepSchema } from './lifecycle.schema';
import {
  type AdminTicket,
  type AdminTicketSummary,
  type Ticket,
  TICKET_AGES,
  TICKET_CATEGORIES,
  TICKET_MESSAGE_MAX,
  TICKET_RATING_COMMENT_MAX,
  TICKET_STATUSES,
  TICKET_SUBJECT_MAX,
  type TicketStaffMember,
  type TicketSummary,
} from './tickets';

const text = (max: number) => z.string().trim().min(1).max(max);

/** POST /api/tickets, as multipart/form-data: the text fields (the route reads the parts, then checks these). */
export const ticketFieldsSchema = z.object({
  category: z.enum(TICKET_CATEGORIES),
  subject: text(TICKET_SUBJECT_MAX),
  message: text(TICKET_MESSAGE_MAX),
});

/** POST /api/tickets/{id}/messages (client) and /api/admin/tickets/{id}/messages (staff: `internal=1` is a note). */
export const ticketReplyFieldsSchema = z.object({
  message: text(TICKET_MESSAGE_MAX),
  internal: z.enum(['0', '1']).optional(),
});

const files = z.array(z.string().meta({ format: 'binary' })).max(3).optional().meta({ description: 'Up to 3 files: PNG, JPEG or PDF, at most 10 MB each (told by content)' });

/** The multipart bodies as the OpenAPI document shows them. */
export const ticketUploadSchema = ticketFieldsSchema.extend({ files });
export const ticketReplyUploadSchema = ticketReplyFieldsSchema.extend({ files });

/** POST /api/tickets/{id}/rating */
export const ticketRatingBodySchema = z.object({
  score: z.number().int().min(1).max(5),
  comment: z
    .string()
    .trim()
    .max(TICKET_RATING_COMMENT_MAX)
    .nullish()
    .transform((v) => (v ? v : null)),
});

/** The status steps staff take by name (replies and notes go through messages). */
export const STAFF_STATUS_EVENTS = ['staff.await_client', 'staff.await_staff', 'staff.resolve', 'staff.reopen', 'staff.close'] as const;
export const ticketStatusBodySchema = z.object({ event: z.enum(STAFF_STATUS_EVENTS) });

/** POST /api/admin/tickets/{id}/assign: null hands it back to the queue. */
export const ticketAssignBodySchema = z.object({ assignee_id: idNumber.nullable() });

/** GET /api/admin/tickets */
export const ticketQueueQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  category: z.enum(TICKET_CATEGORIES).optional(),
  /** A staff id, `me` or `none`. */
  assignee: z.union([z.enum(['me', 'none']), z.coerce.number<string>().int().positive()]).optional(),
  age: z.enum(TICKET_AGES).optional(),
});

export const ticketFileParams = z.object({ id: z.coerce.number<string>().int().min(1), attachment: z.coerce.number<string>().int().min(1) });

// Answers (the types in tickets.ts are what the app reads; each schema is checked against its type).

const summaryShape = {
  id: z.number().int(),
  number: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  handler: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
};

export const ticketSummarySchema = z.object(summaryShape) satisfies z.ZodType<TicketSummary>;

const attachmentSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  mime_type: z.enum(['image/png', 'image/jpeg', 'application/pdf']),
  size: z.number().int(),
});

const messageSchema = z.object({
  id: z.number().int(),
  author: z.object({ kind: z.enum(['client', 'staff', 'system']), name: z.string() }),
  body: z.string(),
  internal: z.boolean(),
  created_at: z.string(),
  attachments: z.array(attachmentSchema),
});

const ticketShape = {
  ...summaryShape,
  messages: z.array(messageSchema),
  rating: z.object({ score: z.number().int(), comment: z.string().nullable(), rated_at: z.string() }).nullable(),
  reopen_until: z.string().nullable(),
  timeline: z.array(timelineStepSchema),
  rated: z.boolean(),
};

/** A client's answer: its messages are declared without notes (`internal` is always false). */
export const ticketSchema = z.object({
  ...ticketShape,
  messages: z.array(messageSchema.extend({ internal: z.literal(false) })),
}) satisfies z.ZodType<Ticket>;

const clientShape = { client: z.object({ id: z.number().int(), name: z.string(), email: z.string() }) };

export const adminTicketSchema = z.object({
  ...ticketShape,
  ...clientShape,
  first_response_at: z.string().nullable(),
  first_response_seconds: z.number().int().nullable(),
  resolution_seconds: z.number().int().nullable(),
}) satisfies z.ZodType<AdminTicket>;

export const adminTicketSummarySchema = z.object({
  ...summaryShape,
  ...clientShape,
  first_response_seconds: z.number().int().nullable(),
  resolution_seconds: z.number().int().nullable(),
}) satisfies z.ZodType<AdminTicketSummary>;

export const ticketStaffMemberSchema = z.object({ id: z.number().int(), name: z.string() }) satisfies z.ZodType<TicketStaffMember>;
