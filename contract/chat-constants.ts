/** Chat limits, channels and events: shared by server and browser, free of zod for the browser's shell. */

/** Longest chat message, after trimming (the seed's form helper substitutes 2000 for "max"). */
export const CHAT_MESSAGE_MAX = 2000;
/** The seed's support agent name for a new room. */
export const DEFAULT_AGENT_NAME = 'Support';
export const ROOM_NAME_MAX = 255;
/** A send's client id: what crypto.randomUUID() gives, or any 8-64 letters, digits, `-` and `_`. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

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
/** Room channel: a side read up to an id. Data `{side: 'client'|'staff', last_read_id}`. */
export const ROOM_READ_EVENT = 'room.read';
/** Whisper name (Echo adds `client-`). */
export const TYPING_WHISPER = 'typing';

export interface TypingSignal {
  user: { id: number; name: string };
  typing: boolean;
}
