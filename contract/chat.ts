/**
 * Chat limits, channels, events and answer types: shared by the server, the chat machine and the
 * browser, free of zod for the browser's shell (schemas: chat.schema.ts).
 */

/** Longest chat message, after trimming (the seed's form helper substitutes 2000 for "max"). */
export const CHAT_MESSAGE_MAX = 2000;
/** The seed's support agent name for a new room. */
export const DEFAULT_AGENT_NAME = 'Support';
export const ROOM_NAME_MAX = 255;
/** A send's client id: what crypto.randomUUID() gives, or any 8-64 letters, digits, `-` and `_`. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** Most messages one resync answer (GET …/messages?after=) carries; the app asks again from the last id when it gets this many. */
export const RESYNC_PAGE = 500;

/** Who is talking in a room: the client, or the staff answering. */
export type ChatSide = 'client' | 'staff';

/** Channels and events, as the server publishes them and Echo listens. */
export const chatChannel = (roomId: number) => `chat.${roomId}`;
export const ADMIN_CHATS_CHANNEL = 'admin.chats';
/** On the wire `message.new`; Echo listens with the leading dot: `.message.new`. */
export const MESSAGE_NEW_EVENT = 'message.new';
/**
 * Room channel, instead of `message.new` when the message is too big for a live event (over
 * the protocol's 10 KB, e.g. 2,000 control characters): data `{id}`; the app fetches it.
 */
export const MESSAGE_FETCH_EVENT = 'message.fetch';
/** Room channel: the client's manager is now named (the first staff answer). Data `{agent_name}`. */
export const ROOM_AGENT_EVENT = 'room.agent';
/** Admin channel: a room was created or changed (new message, read by either side). Data `{room: AdminRoom}`. */
export const ROOM_UPDATED_EVENT = 'room.updated';
/** Room channel: a side read up to an id. Data `{side: ChatSide, last_read_id}`. */
export const ROOM_READ_EVENT = 'room.read';
/** Whisper name (Echo adds `client-`). */
export const TYPING_WHISPER = 'typing';

export interface TypingSignal {
  user: { id: number; name: string };
  typing: boolean;
}

/** A message as the API answers it and as `message.new` carries it. `user_id` null: posted by the system. */
export interface ChatMessage {
  id: number;
  message: string;
  user_id: number | null;
  created_at: string;
  /** Ours: the id the sender's app gave the message (null for the seed's clients and the system). */
  client_id: string | null;
}

/** POST /api/chat/room/find and POST /api/chat/room: the room (seed fields, then ours). */
export interface ChatRoom {
  id: number;
  name: string;
  agent_name: string;
  user_id: number;
  message_all: ChatMessage[];
  /** Ours: messages from the other side that the caller has not read. */
  unread_count: number;
}

/** GET /api/admin/chat/rooms: one row of the administration's list. */
export interface AdminRoom {
  id: number;
  name: string;
  agent_name: string;
  user_id: number;
  client: { id: number; first_name: string; second_name: string; email: string };
  last_message: ChatMessage | null;
  last_activity_at: string;
  /** Client messages the staff have not read. */
  unread_count: number;
}

/** GET /api/realtime: what the browser needs to connect (the key is public). */
export interface RealtimeConfig {
  key: string;
  /** null: this page's own host and port (the app's hub). */
  host: string | null;
  port: number | null;
  force_tls: boolean;
}
