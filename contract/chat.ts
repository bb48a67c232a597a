import type { ClientPresence } from './support';

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

/** A conversation's state, set by staff; a client's new message opens a resolved one again. */
export const ROOM_STATUSES = ['open', 'resolved'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/** Canned replies: the shortcut typed after `/` and the text it inserts. */
export const CANNED_SHORTCUT_MAX = 40;
export const CANNED_SHORTCUT_PATTERN = /^[\p{L}\p{N}_-]+$/u;
export const CANNED_TEXT_MAX = CHAT_MESSAGE_MAX;
/** A chat file's caption (the message sent with it) may be empty. */
export const ATTACHMENT_CAPTION_MAX = CHAT_MESSAGE_MAX;

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
/**
 * Room channel: the client's message found nobody from support online and went to a ticket
 * (docs/adr/0087). Data `ChatTicketNotice`. Answered also by GET /api/chat/room/{id}/ticket.
 */
export const ROOM_TICKET_EVENT = 'room.ticket';
export interface ChatTicketNotice {
  /** The room's unresolved ticket made from its chat, or null. */
  ticket: { id: number; number: string; status: string } | null;
}
/** Whisper name (Echo adds `client-`). */
export const TYPING_WHISPER = 'typing';

export interface TypingSignal {
  user: { id: number; name: string };
  typing: boolean;
}

/**
 * A file sent in a chat: a reference only (a live event stays far below the 10 KB limit); the
 * file is `GET /api/chat/attachments/{id}`, for the room's client and staff.
 */
export interface ChatAttachment {
  id: number;
  file_name: string;
  mime_type: 'image/png' | 'image/jpeg' | 'application/pdf';
  size: number;
}

/** A message as the API answers it and as `message.new` carries it. `user_id` null: posted by the system. */
export interface ChatMessage {
  id: number;
  message: string;
  user_id: number | null;
  created_at: string;
  /** Ours: the id the sender's app gave the message (null for the seed's clients and the system). */
  client_id: string | null;
  /** Ours: the file the message carries (the server always sends the field; null without one). */
  attachment: ChatAttachment | null;
}

/** The download address of a chat file. */
export const attachmentUrl = (id: number) => `/api/chat/attachments/${id}`;

/** POST /api/chat/room/find and POST /api/chat/room: the room (seed fields, then ours). */
export interface ChatRoom {
  id: number;
  name: string;
  agent_name: string;
  user_id: number;
  message_all: ChatMessage[];
  /** Ours: messages from the other side that the caller has not read. */
  unread_count: number;
  /** Ours: how far the other side has read (the last message id it has seen; 0: none). */
  other_read_id: number;
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
  /** Ours: how far the client has read (staff see whether their answer was seen). */
  client_read_id: number;
  /** Ours: the client is in the app now, or when they last were. */
  client_presence: ClientPresence;
  /** Ours (the agent's workspace): open or resolved, and who claimed it. */
  status: RoomStatus;
  assignee: { id: number; name: string } | null;
}

/** A reply staff insert with `/shortcut`, written for the clients of one language. */
export interface CannedReply {
  id: number;
  lang: string;
  shortcut: string;
  text: string;
  updated_at: string;
}

/**
 * GET /api/admin/chat/rooms/{id}/context: who the client is, beside the conversation. `accounts`
 * is null when the trading platform did not answer. `tickets` is present only where the tickets
 * feature is installed (its hook is wired), so the panel shows that section only then.
 */
export interface RoomContext {
  client: {
    id: number;
    first_name: string;
    second_name: string;
    email: string;
    /** The client's language (their mail and the canned replies offered). */
    locale: string;
    email_verified: boolean;
  };
  verification: { verified: boolean; documents: { kind: string; status: string }[] };
  accounts: ContextAccount[] | null;
  pending_requests: ContextRequest[];
  tickets?: ContextTicket[];
}

export interface ContextAccount {
  id: number;
  number: string;
  type: 'live' | 'demo';
  currency: string;
  precision: number;
  /** Minor units. */
  balance: number;
  equity: number;
  status: string;
}

export interface ContextRequest {
  id: number;
  kind: 'deposit' | 'withdrawal';
  account_number: string;
  /** Signed minor units. */
  amount: number;
  currency: string;
  precision: number;
  created_at: string;
}

export interface ContextTicket {
  id: number;
  /** `T-000123` */
  number: string;
  subject: string;
  status: string;
  updated_at: string;
}

/** GET /api/realtime: what the browser needs to connect (the key is public). */
export interface RealtimeConfig {
  key: string;
  /** null: this page's own host and port (the app's hub). */
  host: string | null;
  port: number | null;
  force_tls: boolean;
}
