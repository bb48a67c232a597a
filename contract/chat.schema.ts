import { z } from 'zod';
import {
  ATTACHMENT_CAPTION_MAX,
  CANNED_SHORTCUT_MAX,
  CANNED_SHORTCUT_PATTERN,
  CANNED_TEXT_MAX,
  type CannedReply,
  CHAT_MESSAGE_MAX,
  type ChatAttachment,
  CLIENT_ID_PATTERN,
  ROOM_NAME_MAX,
  ROOM_STATUSES,
  type RoomContext,
} from './chat';
import { idOrZero } from './ids.schema';
import { LOCALES } from './locales';
import { clientPresenceSchema } from './support.schema';
import { DOCUMENT_MIME_TYPES } from './verification';

/** Schemas of the chat calls (types and constants: chat.ts). */

/** `ChatAttachment` */
export const chatAttachmentSchema = z.object({
  id: z.number().int().positive(),
  file_name: z.string(),
  mime_type: z.enum(DOCUMENT_MIME_TYPES),
  size: z.number().int().nonnegative(),
}) satisfies z.ZodType<ChatAttachment>;

/** `ChatMessage` */
export const chatMessageSchema = z.object({
  id: z.number().int().positive(),
  message: z.string(),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
  client_id: z.string().nullable(),
  attachment: chatAttachmentSchema.nullable(),
});

/** `ChatRoom` */
export const chatRoomSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  agent_name: z.string(),
  user_id: z.number().int(),
  message_all: z.array(chatMessageSchema),
  unread_count: z.number().int().nonnegative(),
  other_read_id: z.number().int().nonnegative(),
});

/**
 * POST /api/chat/room/{id}/message. `user_id` is accepted for the seed's sake and ignored.
 * `client_id` (ours, optional): the app's id for the message; a repeat answers the stored one.
 */
export const sendMessageBodySchema = z.object({
  message: z.string().trim().min(1).max(CHAT_MESSAGE_MAX),
  user_id: z.unknown().optional(),
  client_id: z.string().regex(CLIENT_ID_PATTERN).optional(),
});

/** `message.fetch` on the room channel: a message too big for the live event; the app fetches it. */
export const messageFetchSchema = z.object({ id: z.number().int().positive() });

/** POST /api/chat/room. A client's room is always its own; an admin names the client in `user_id`. */
export const createRoomBodySchema = z.object({
  name: z.string().trim().max(ROOM_NAME_MAX).optional(),
  agent_name: z.string().trim().max(ROOM_NAME_MAX).optional(),
  /** Read only for staff; a client's value is ignored (the seed's widget sends its own id). */
  user_id: z.unknown().optional(),
});

/** POST /api/chat/room/{id}/read */
export const markReadBodySchema = z.object({
  last_read_id: idOrZero,
});

/** `AdminRoom` */
export const adminRoomSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  agent_name: z.string(),
  user_id: z.number().int(),
  client: z.object({ id: z.number().int(), first_name: z.string(), second_name: z.string(), email: z.string() }),
  last_message: chatMessageSchema.nullable(),
  last_activity_at: z.string(),
  unread_count: z.number().int().nonnegative(),
  client_read_id: z.number().int().nonnegative(),
  client_presence: clientPresenceSchema,
  status: z.enum(ROOM_STATUSES),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

/** GET /api/admin/chat/rooms?status=&search= */
export const adminRoomsQuerySchema = z.object({
  search: z.string().max(100).optional(),
  status: z.enum(ROOM_STATUSES).optional(),
});

/** POST /api/admin/chat/rooms/{id}/status */
export const roomStatusBodySchema = z.object({ status: z.enum(ROOM_STATUSES) });

/** POST /api/chat/room/{id}/attachments, as multipart/form-data (for the OpenAPI reference: the route reads the parts itself). */
export const attachmentUploadSchema = z.object({
  file: z.string().meta({ format: 'binary', description: 'PNG, JPEG or PDF, at most 10 MB; the type is read from the content' }),
  message: z.string().max(ATTACHMENT_CAPTION_MAX).optional().describe('A caption sent with the file'),
  client_id: z.string().regex(CLIENT_ID_PATTERN).optional(),
});

/** `CannedReply` */
export const cannedReplySchema = z.object({
  id: z.number().int().positive(),
  lang: z.string(),
  shortcut: z.string(),
  text: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<CannedReply>;

/** GET /api/admin/canned-replies?lang= */
export const cannedRepliesQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });

/** POST /api/admin/canned-replies and PUT /api/admin/canned-replies/{id} */
export const cannedReplyBodySchema = z.object({
  lang: z.enum(LOCALES),
  shortcut: z.string().trim().min(1).max(CANNED_SHORTCUT_MAX).regex(CANNED_SHORTCUT_PATTERN),
  text: z.string().trim().min(1).max(CANNED_TEXT_MAX),
});
export type CannedReplyBody = z.input<typeof cannedReplyBodySchema>;

const money = { currency: z.string(), precision: z.number().int() };

/** `RoomContext` */
export const roomContextSchema = z.object({
  client: z.object({
    id: z.number().int(),
    first_name: z.string(),
    second_name: z.string(),
    email: z.string(),
    locale: z.string(),
    email_verified: z.boolean(),
  }),
  verification: z.object({ verified: z.boolean(), documents: z.array(z.object({ kind: z.string(), status: z.string() })) }),
  accounts: z
    .array(
      z.object({
        id: z.number().int(),
        number: z.string(),
        type: z.enum(['live', 'demo']),
        ...money,
        balance: z.number().int(),
        equity: z.number().int(),
        status: z.string(),
      }),
    )
    .nullable(),
  pending_requests: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(['deposit', 'withdrawal']),
      account_number: z.string(),
      amount: z.number().int(),
      ...money,
      created_at: z.string(),
    }),
  ),
  tickets: z
    .array(z.object({ id: z.number().int(), number: z.string(), subject: z.string(), status: z.string(), updated_at: z.string() }))
    .optional()
    .describe('Present only where the tickets feature is installed'),
}) satisfies z.ZodType<RoomContext>;

/** `RealtimeConfig` */
export const realtimeConfigSchema = z.object({
  key: z.string(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  force_tls: z.boolean(),
});

/** GET /api/chat/room/{id}/ticket and the `room.ticket` event (docs/adr/0087). */
export const chatTicketNoticeSchema = z.object({
  ticket: z.object({ id: z.number().int(), number: z.string(), status: z.string() }).nullable(),
});
