import { z } from 'zod';
import { CHAT_MESSAGE_MAX, CLIENT_ID_PATTERN, ROOM_NAME_MAX } from './chat';
import { idOrZero } from './ids.schema';

/** Schemas of the chat calls (types and constants: chat.ts). */

/** `ChatMessage` */
export const chatMessageSchema = z.object({
  id: z.number().int().positive(),
  message: z.string(),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
  client_id: z.string().nullable(),
});

/** `ChatRoom` */
export const chatRoomSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  agent_name: z.string(),
  user_id: z.number().int(),
  message_all: z.array(chatMessageSchema),
  unread_count: z.number().int().nonnegative(),
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
});

/** `RealtimeConfig` */
export const realtimeConfigSchema = z.object({
  key: z.string(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  force_tls: z.boolean(),
});
