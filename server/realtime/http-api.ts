import { createHash } from 'node:crypto';
import type { Broadcaster } from './broadcaster.ts';
import type { Hub } from './hub.ts';
import {
  MAX_BATCH_EVENTS,
  MAX_DATA_BYTES,
  MAX_EVENT_CHANNELS,
  dataBytes,
  hmacHex,
  isChannelName,
  isEncryptedChannel,
  isEventName,
  isPresenceChannel,
  isPublishableChannel,
  isSocketId,
  isUserId,
  sameSignature,
} from './protocol.ts';

/** Pusher accepts a signed request within this many seconds of its auth_timestamp, either way. */
export const TIMESTAMP_WINDOW_SECONDS = 600;

export interface ApiRequest {
  method: string;
  /** The URL as it arrived: path and query string. */
  url: string;
  /** The raw body (its MD5 is signed). */
  body: string;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

export interface HttpApiOptions {
  appId: string;
  key: string;
  secret: string;
  hub: Pick<Hub, 'state'>;
  broadcaster: Pick<Broadcaster, 'publish' | 'terminateUser'>;
  now?: () => number;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (status: number, message: string): never => {
  throw new Refusal(status, message);
};

function decodedPart(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return refuse(400, 'The path is not valid percent-encoding');
  }
}

/** The query as Pusher signs it: every key lower-cased, values as sent (percent-decoded), auth_signature aside. */
function queryOf(url: string): { path: string; params: Map<string, string> } {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const params = new Map<string, string>();
  if (at !== -1) {
    for (const pair of url.slice(at + 1).split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      const [key, value] = eq === -1 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
      try {
        params.set(decodeURIComponent(key).toLowerCase(), decodeURIComponent(value));
      } catch {
        refuse(400, 'The query string is not valid percent-encoding');
      }
    }
  }
  return { path, params };
}

/**
 * Pusher's request signature: auth_key is the app key, auth_version 1.0, auth_timestamp within the
 * window, body_md5 the MD5 of a non-empty body, and auth_signature the HMAC-SHA256 (app secret) of
 * `METHOD\npath\nsorted key=value&…` without auth_signature.
 */
function verify(options: HttpApiOptions, method: string, path: string, params: Map<string, string>, body: string): void {
  const now = (options.now ?? Date.now)();
  if (params.get('auth_key') !== options.key) refuse(401, 'Unknown auth_key');
  if (params.get('auth_version') !== '1.0') refuse(401, 'auth_version must be 1.0');
  const timestamp = Number(params.get('auth_timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > TIMESTAMP_WINDOW_SECONDS) {
    refuse(401, `auth_timestamp must be within ${TIMESTAMP_WINDOW_SECONDS} seconds of the server's time`);
  }
  if (body !== '' && params.get('body_md5') !== createHash('md5').update(body).digest('hex')) refuse(401, 'body_md5 does not match the body');
  const signed = [...params]
    .filter(([key]) => key !== 'auth_signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const expected = hmacHex(options.secret, `${method}\n${path}\n${signed}`);
  if (!sameSignature(expected, params.get('auth_signature'))) refuse(401, 'Invalid auth_signature');
}

interface TriggerBody {
  name?: unknown;
  data?: unknown;
  channels?: unknown;
  channel?: unknown;
  socket_id?: unknown;
  info?: unknown;
}

function checkedEvent(event: TriggerBody): { name: string; data: string; channels: string[]; socketId?: string } {
  if (!isEventName(event.name)) refuse(400, 'name: an event name of 1 to 200 characters is required');
  if (typeof event.data !== 'string') refuse(400, `data of ${String(event.name)}: a string is required (JSON-encoded by the SDK)`);
  const channels = event.channels ?? (event.channel === undefined ? undefined : [event.channel]);
  if (!Array.isArray(channels) || channels.length === 0) refuse(400, 'channels: one channel or more is required');
  const names = channels as unknown[];
  if (names.length > MAX_EVENT_CHANNELS) refuse(400, `channels: at most ${MAX_EVENT_CHANNELS} on one event`);
  for (const channel of names) {
    if (!isPublishableChannel(channel)) refuse(400, `Invalid channel name: ${String(channel).slice(0, 200)}`);
  }
  if (names.length > 1 && names.some((channel) => isEncryptedChannel(channel as string))) {
    refuse(400, 'An event to an encrypted channel must name that channel alone');
  }
  const data = event.data as string;
  if (dataBytes(data) > MAX_DATA_BYTES) refuse(413, `data of ${event.name as string} on ${names.join(', ')}: over ${MAX_DATA_BYTES} bytes`);
  if (event.socket_id !== undefined && !isSocketId(event.socket_id)) refuse(400, 'socket_id: not a socket id');
  return { name: event.name as string, data, channels: names as string[], ...(event.socket_id ? { socketId: event.socket_id as string } : {}) };
}

function parsedBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return refuse(400, 'The body must be JSON');
  }
}

function infoFields(value: unknown): Set<string> {
  return new Set(typeof value === 'string' ? value.split(',').map((field) => field.trim()) : []);
}

/**
 * The Pusher Channels HTTP API (the part other systems publish and query with), over the hub's
 * shared state and the broadcaster, so that an event published to any process reaches every one.
 * Framework-free: server/http/pusher-api.ts mounts it on the app's port, tests on a bare server.
 */
export function createHttpApi(options: HttpApiOptions) {
  const { state } = options.hub;
  const prefix = `/apps/${options.appId}`;

  async function channelInfo(channel: string, fields: Set<string>): Promise<Record<string, number>> {
    const info: Record<string, number> = {};
    if (fields.has('subscription_count')) info.subscription_count = (await state.occupancy()).get(channel) ?? 0;
    if (fields.has('user_count') && isPresenceChannel(channel)) info.user_count = (await state.members(channel)).length;
    return info;
  }

  async function publish(event: ReturnType<typeof checkedEvent>): Promise<void> {
    await Promise.all(
      event.channels.map((channel) =>
        options.broadcaster.publish(channel, event.name, event.data, { prepared: true, ...(event.socketId ? { exceptSocketId: event.socketId } : {}) }),
      ),
    );
  }

  async function route(method: string, rest: string, params: Map<string, string>, body: string): Promise<ApiAnswer> {
    if (method === 'POST' && rest === '/events') {
      const request = parsedBody(body) as TriggerBody;
      const event = checkedEvent(request ?? {});
      await publish(event);
      const fields = infoFields(request.info);
      if (fields.size === 0) return { status: 200, body: {} };
      const channels: Record<string, Record<string, number>> = {};
      for (const channel of event.channels) channels[channel] = await channelInfo(channel, fields);
      return { status: 200, body: { channels } };
    }
    if (method === 'POST' && rest === '/batch_events') {
      const batch = (parsedBody(body) as { batch?: unknown } | null)?.batch;
      if (!Array.isArray(batch)) refuse(400, 'batch: a list of events is required');
      const events = batch as TriggerBody[];
      if (events.length > MAX_BATCH_EVENTS) refuse(400, `batch: at most ${MAX_BATCH_EVENTS} events`);
      // All checked before any is sent: a batch is refused whole.
      const checked = events.map((event) => checkedEvent({ ...event, channels: [event?.channel] }));
      for (const event of checked) await publish(event);
      if (!events.some((event) => event.info)) return { status: 200, body: {} };
      const answers = [];
      for (const [i, event] of checked.entries()) answers.push(await channelInfo(event.channels[0]!, infoFields(events[i]!.info)));
      return { status: 200, body: { batch: answers } };
    }
    if (method === 'GET' && rest === '/channels') {
      const prefixFilter = params.get('filter_by_prefix') ?? '';
      const fields = infoFields(params.get('info'));
      if (fields.has('user_count') && !prefixFilter.startsWith('presence-')) refuse(400, 'info=user_count needs filter_by_prefix=presence-');
      const channels: Record<string, Record<string, number>> = {};
      for (const [channel] of await state.occupancy()) {
        if (channel.startsWith(prefixFilter)) channels[channel] = await channelInfo(channel, fields);
      }
      return { status: 200, body: { channels } };
    }
    const users = /^\/channels\/([^/]+)\/users$/.exec(rest);
    if (method === 'GET' && users) {
      const channel = decodedPart(users[1]!);
      if (!isPresenceChannel(channel) || !isChannelName(channel)) refuse(400, `${channel.slice(0, 200)} is not a presence channel`);
      return { status: 200, body: { users: (await state.members(channel)).map((member) => ({ id: member.user_id })) } };
    }
    const one = /^\/channels\/([^/]+)$/.exec(rest);
    if (method === 'GET' && one) {
      const channel = decodedPart(one[1]!);
      if (!isChannelName(channel)) refuse(400, `Invalid channel name: ${(channel as string).slice(0, 200)}`);
      const fields = infoFields(params.get('info'));
      if (fields.has('user_count') && !isPresenceChannel(channel)) refuse(400, 'info=user_count is only for presence channels');
      const count = (await state.occupancy()).get(channel) ?? 0;
      return { status: 200, body: { occupied: count > 0, ...(await channelInfo(channel, fields)) } };
    }
    const terminate = /^\/users\/([^/]+)\/terminate_connections$/.exec(rest);
    if (method === 'POST' && terminate) {
      const userId = decodedPart(terminate[1]!);
      if (!isUserId(userId)) refuse(400, 'Invalid user id');
      await options.broadcaster.terminateUser(userId);
      return { status: 200, body: {} };
    }
    return refuse(404, 'Not found.');
  }

  return {
    /** Answers one HTTP API request; a refusal is `{status, body: {error}}` as Pusher's, never a throw. */
    async handle(request: ApiRequest): Promise<ApiAnswer> {
      try {
        const method = request.method.toUpperCase();
        const { path, params } = queryOf(request.url);
        if (!path.startsWith(`${prefix}/`)) refuse(404, 'Unknown app id');
        verify(options, method, path, params, request.body);
        return await route(method, path.slice(prefix.length), params, request.body);
      } catch (err) {
        if (err instanceof Refusal) return { status: err.status, body: { error: err.message } };
        throw err;
      }
    },
  };
}

export type HttpApi = ReturnType<typeof createHttpApi>;
