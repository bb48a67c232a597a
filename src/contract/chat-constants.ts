/** Chat limits, channels and events: shared by server and browser, free of zod for the browser's shell. */

/** Longest chat message, after trimming (the seed's form helper substitutes 2000 for "max"). */
export const CHAT_MESSAGE_MAX = 2000;
/** The seed's support agent name for a new room. */
export const DEFAULT_AGENT_NAME = 'Support';
export const ROOM_NAME_MAX = 255;

/** Channels and events, as the server publishes them and Echo listens. */
export const chatChannel = (roomId: number) => `chat.${roomId}`;
export const ADMIN_CHATS_CHANNEL = 'admin.chats';
/** On the wire `message.new`; Echo listens with the leading dot: `.message.new`. */
export const MESSAGE_NEW_EVENT = 'message.new';
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
