import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import nacl from 'tweetnacl';

/**
 * The parts of the Pusher Channels protocol (v7) that the hub, the authorisation endpoints
 * and the broadcasters share: limits, close codes, names and signatures.
 */

export const PROTOCOL_VERSION = 7;
/** Seconds of silence after which a client pings (offered in connection_established). */
export const ACTIVITY_TIMEOUT_SECONDS = 30;
/** Event data, as JSON, at most this many bytes (server and client events alike). */
export const MAX_DATA_BYTES = 10 * 1024;
/** A whole frame from a client may carry the data plus the envelope; beyond this ws closes with 1009. */
export const MAX_FRAME_BYTES = 64 * 1024;
export const CLIENT_EVENTS_PER_SECOND = 10;
export const MAX_CHANNEL_NAME = 164;
/** Event names, client and server alike (Pusher's limit). */
export const MAX_EVENT_NAME = 200;
/** Channels one HTTP API event may name (Pusher's limit). */
export const MAX_EVENT_CHANNELS = 100;
/** Events one batch_events call may carry (Pusher's limit). */
export const MAX_BATCH_EVENTS = 10;
/** Members one presence channel may hold (Pusher's limit); one more is refused with 4100. */
export const MAX_PRESENCE_MEMBERS = 100;
/** Bytes of a presence member's user_info, as JSON (Pusher's limit). */
export const MAX_USER_INFO_BYTES = 1024;
/** Prefix of the channel that carries events to one signed-in user (`#server-to-user-{id}`). */
export const USER_CHANNEL_PREFIX = '#server-to-user-';
/** Default caps (REALTIME_MAX_CONNECTIONS_PER_ADDRESS, REALTIME_MAX_CHANNELS_PER_CONNECTION in config.ts). */
export const MAX_CONNECTIONS_PER_ADDRESS = 100;
export const MAX_CHANNELS_PER_CONNECTION = 100;
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]+$/;
const SOCKET_ID = /^\d+\.\d+$/;

/**
 * Close codes, in Pusher's ranges: 4000-4099 the client must not reconnect, 4100-4199 it
 * reconnects after a backoff, 4200-4299 it reconnects at once (pusher-js acts on these).
 */
export const CLOSE = {
  /** Server going away: clients reconnect at once. */
  goingAway: 4200,
  /** No pong within the timeout. */
  pongTimeout: 4201,
  /** Unknown app key in the path: do not reconnect. */
  unknownApp: 4001,
  /** Protocol version the hub does not speak. */
  unsupportedProtocol: 4007,
  /** Pusher's "over capacity": the address holds its connection cap; retry after a backoff. */
  overCapacity: 4100,
  /** The hub failed while handling this socket (WebSocket's internal error): pusher-js retries after a second. */
  internalError: 1011,
} as const;

/** pusher:error codes sent without closing the connection. */
export const ERROR = {
  unauthorized: 4009,
  /** A client event over CLIENT_EVENTS_PER_SECOND: that event is dropped, the socket stays open. */
  rateLimited: 4301,
  /** Data over MAX_DATA_BYTES or a malformed message. */
  rejected: 4302,
} as const;

/** `status` of a pusher:subscription_error for a channel over the socket's cap (as Soketi answers limits). */
export const LIMIT_REACHED_STATUS = 4100;

export function isChannelName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= MAX_CHANNEL_NAME && CHANNEL_NAME.test(name);
}

export function isSocketId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 64 && SOCKET_ID.test(value);
}

export const isPrivateChannel = (channel: string) => channel.startsWith('private-') && !channel.startsWith('private-encrypted-');
export const isPresenceChannel = (channel: string) => channel.startsWith('presence-');
export const isEncryptedChannel = (channel: string) => channel.startsWith('private-encrypted-');
/** `cache-*`, `private-cache-*`, `presence-cache-*`, `private-encrypted-cache-*`: a new subscriber gets the last event. */
export const isCacheChannel = (channel: string) => /^(?:private-encrypted-|private-|presence-)?cache-/.test(channel);
/** How long a cache channel keeps its last event (Pusher's 30 minutes). */
export const CACHE_TTL_MS = 30 * 60 * 1000;
/** Channels a client may only join with a signature from the auth endpoint. */
export const needsAuth = (channel: string) => channel.startsWith('private-') || channel.startsWith('presence-');
/** Channels on which subscribers may send client events (never encrypted ones: the hub cannot read them). */
export const acceptsClientEvents = (channel: string) => isPrivateChannel(channel) || isPresenceChannel(channel);

/** A user channel's name for a user id (ids as Pusher allows them: no spaces, at most 200 characters). */
export function userChannel(userId: string): string {
  return `${USER_CHANNEL_PREFIX}${userId}`;
}

/** The user id of `#server-to-user-{id}`, or null for any other channel. */
export function userOfChannel(channel: string): string | null {
  return channel.startsWith(USER_CHANNEL_PREFIX) ? channel.slice(USER_CHANNEL_PREFIX.length) || null : null;
}

/** A channel the HTTP API may publish to: any channel a client may join, and user channels. */
export function isPublishableChannel(name: unknown): name is string {
  if (typeof name !== 'string') return false;
  const user = userOfChannel(name);
  return user !== null ? isUserId(user) : isChannelName(name);
}

export function isUserId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_EVENT_NAME && /^[A-Za-z0-9_\-=@,.;]+$/.test(value);
}

export function isEventName(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_EVENT_NAME;
}

/**
 * An encrypted channel's shared secret, as Pusher derives it (and the `pusher` SDK, and pusher-js
 * expects it in the auth answer as base64): SHA-256 of the channel name followed by the master key.
 */
export function sharedSecret(masterKey: Buffer, channel: string): Buffer {
  return createHash('sha256').update(Buffer.concat([Buffer.from(channel), masterKey])).digest();
}

/**
 * An event's data for a `private-encrypted-*` channel, sealed as the `pusher` SDK seals it (and
 * pusher-js opens it): `{nonce, ciphertext}`, NaCl secretbox of the JSON with the channel's key.
 */
export function encryptedData(masterKey: Buffer, channel: string, data: unknown): string {
  const nonce = nacl.randomBytes(nacl.secretbox.nonceLength);
  const box = nacl.secretbox(Buffer.from(JSON.stringify(data)), nonce, sharedSecret(masterKey, channel));
  return JSON.stringify({ nonce: Buffer.from(nonce).toString('base64'), ciphertext: Buffer.from(box).toString('base64') });
}

/** `<digits>.<digits>`, unguessable enough that one client cannot name another's socket by chance. */
export function newSocketId(): string {
  return `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`;
}

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/**
 * `auth` of a private or encrypted channel: `<key>:<hmac-sha256-hex(secret, "socket_id:channel_name")>`;
 * of a presence channel the signed text ends with `:channel_data`.
 */
export function channelAuth(key: string, secret: string, socketId: string, channel: string, channelData?: string): string {
  const text = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${key}:${hmacHex(secret, text)}`;
}

/** `auth` of a user sign-in: the signature over `socket_id::user::user_data`. */
export function userAuth(key: string, secret: string, socketId: string, userData: string): string {
  return `${key}:${hmacHex(secret, `${socketId}::user::${userData}`)}`;
}

export function sameSignature(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Bytes of `data` as it travels (a string as is, anything else as JSON). */
export function dataBytes(data: unknown): number {
  return Buffer.byteLength(typeof data === 'string' ? data : (JSON.stringify(data) ?? ''));
}

/** What the hub delivers to subscribers: one event on one channel, optionally leaving one socket out. */
export interface ChannelEvent {
  channel: string;
  event: string;
  /** Sent to clients as a JSON string, as the Pusher HTTP API does for server events. */
  data: unknown;
  exceptSocketId?: string | undefined;
  /** A client event on a presence channel: its sender's user id, which subscribers receive as `user_id`. */
  userId?: string | undefined;
}
