import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import {
  ACTIVITY_TIMEOUT_SECONDS,
  CLIENT_EVENTS_PER_SECOND,
  CLOSE,
  type ChannelEvent,
  ERROR,
  LIMIT_REACHED_STATUS,
  MAX_CHANNELS_PER_CONNECTION,
  MAX_CONNECTIONS_PER_ADDRESS,
  MAX_DATA_BYTES,
  MAX_FRAME_BYTES,
  MAX_PRESENCE_MEMBERS,
  MAX_USER_INFO_BYTES,
  CACHE_TTL_MS,
  acceptsClientEvents,
  channelAuth,
  dataBytes,
  isChannelName,
  isCacheChannel,
  isEventName,
  isPresenceChannel,
  isUserId,
  needsAuth,
  newSocketId,
  sameSignature,
  userAuth,
  userOfChannel,
} from './protocol.ts';
import { type ChannelState, type Member, memoryChannelState } from './state.ts';
import { noWebhooks, type Webhooks } from './webhooks.ts';

export interface HubOptions {
  key: string;
  secret: string;
  /** Silence after which the hub pings a client. Default ACTIVITY_TIMEOUT_SECONDS. */
  activityTimeoutMs?: number;
  /** Time a pinged client has to answer before the hub closes with 4201. Default 30 s. */
  pongTimeoutMs?: number;
  /**
   * Where accepted client events go. Default: straight to this hub's subscribers. With Redis
   * the broadcaster passes them through the bus, so subscribers in other processes hear them too.
   */
  relay?: (event: ChannelEvent) => void;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /**
   * Origins (`scheme://host[:port]`) whose pages may connect; another Origin is refused with 403.
   * An upgrade without Origin is let in: browsers always send one, so it comes from a program
   * (an SDK, a test), which no foreign page can drive. Default: any origin.
   */
  allowedOrigins?: readonly string[];
  /** Sockets one client address may hold at once; one more is refused with 4100. */
  maxConnectionsPerAddress?: number;
  /** Channels one socket may join; one more gets a subscription_error with status 4100. */
  maxChannelsPerConnection?: number;
  /** Users one presence channel may hold (Pusher's default: 100); one more is refused with 4100. */
  maxPresenceMembers?: number;
  /** The client's address for the connection cap. Default: the socket's peer (see index.ts for proxies). */
  clientAddress?: (request: IncomingMessage) => string;
  /** Occupancy and presence members, shared by every process's hub with Redis. Default: this process's memory. */
  state?: ChannelState;
  /** Where channel_occupied, member_added, client_event… go. Default: nowhere. */
  webhooks?: Webhooks;
}

export interface HubStats {
  connections: number;
  channels: number;
  subscriptions: number;
}

export interface Hub {
  /** Handles WebSocket upgrades of `/app/{key}` on the given HTTP server (the API's own). */
  attach(server: Server): void;
  /** Sends an event to this process's subscribers of the channel (but `exceptSocketId`). */
  deliver(event: ChannelEvent): void;
  /** Replaces where accepted client events go (see HubOptions.relay). */
  setRelay(relay: (event: ChannelEvent) => void): void;
  /** Closes this process's sockets signed in as the user (4009, as Pusher's terminate_connections). */
  terminate(userId: string): number;
  /** Occupancy and presence across processes (the HTTP API reads it). */
  readonly state: ChannelState;
  stats(): HubStats;
  /** Closes every socket with 4200 (clients reconnect at once) and stops the timers. */
  close(): Promise<void>;
}

interface Connection {
  socketId: string;
  ws: WebSocket;
  channels: Set<string>;
  lastSeen: number;
  pingedAt: number | null;
  /** Times (ms) of the client events of the last second. */
  recentClientEvents: number[];
  /** The id of `pusher:signin`, once signed in. */
  userId: string | null;
  /** Presence channels joined, with the user id each was joined as. */
  presence: Map<string, string>;
  /** The user_info each presence channel was joined with (to register again after a lost lease). */
  presenceInfo: Map<string, unknown>;
  /** Messages of one socket are handled in order, one at a time, even when a step waits on Redis. */
  queue: Promise<void>;
}

interface Incoming {
  event?: unknown;
  channel?: unknown;
  data?: unknown;
}

const APP_PATH = /^\/app\/([^/?]*)(?:\?(.*))?$/;

/** `decodeURIComponent` that answers null instead of throwing on malformed percent-encoding. */
function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The origin as `new URL` writes it (lower-case scheme and host, no default port); null if unparsable. */
export function normalOrigin(value: string): string | null {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** An HTTP answer on a socket that will not be upgraded: `{"message": …}` as the API's errors. */
function refuse(socket: Duplex, status: number, message: string): void {
  // Node removed its own error listener when it handed the socket over; a reset must not throw.
  socket.on('error', () => {});
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export function createHub(options: HubOptions): Hub {
  const activityTimeoutMs = options.activityTimeoutMs ?? ACTIVITY_TIMEOUT_SECONDS * 1000;
  const pongTimeoutMs = options.pongTimeoutMs ?? 30_000;
  const maxConnectionsPerAddress = options.maxConnectionsPerAddress ?? MAX_CONNECTIONS_PER_ADDRESS;
  const maxChannelsPerConnection = options.maxChannelsPerConnection ?? MAX_CHANNELS_PER_CONNECTION;
  const maxPresenceMembers = options.maxPresenceMembers ?? MAX_PRESENCE_MEMBERS;
  const allowedOrigins = options.allowedOrigins
    ? new Set(options.allowedOrigins.map(normalOrigin).filter((origin) => origin !== null))
    : null;
  const clientAddress = options.clientAddress ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? '');
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const connections = new Set<Connection>();
  const perAddress = new Map<string, number>();
  const channels = new Map<string, Set<Connection>>();
  const users = new Map<string, Set<Connection>>();
  /** Channel leaves of closed sockets still under way (close() waits for them). */
  const pendingLeaves = new Set<Promise<void>>();
  const state = options.state ?? memoryChannelState();
  const webhooks = options.webhooks ?? noWebhooks;
  /** The last event of each cache-* channel, sent to a new subscriber (else pusher:cache_miss). */
  const cache = new Map<string, { frame: string; at: number }>();
  let relay: (event: ChannelEvent) => void = options.relay ?? deliver;
  let closing = false;

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [channel, { at }] of cache) if (now - at >= CACHE_TTL_MS) cache.delete(channel);
      for (const connection of connections) {
        if (connection.pingedAt !== null) {
          if (now - connection.pingedAt >= pongTimeoutMs) connection.ws.close(CLOSE.pongTimeout, 'Pong reply not received');
        } else if (now - connection.lastSeen >= activityTimeoutMs) {
          connection.pingedAt = now;
          send(connection, { event: 'pusher:ping', data: {} });
        }
      }
    },
    Math.max(50, Math.min(activityTimeoutMs, pongTimeoutMs) / 4),
  );
  sweep.unref();

  /**
   * With several processes: renews this process's lease and takes out what dead ones held, telling
   * the channels (member_removed through the relay, so every process's sockets hear it) and the
   * webhooks, as if their sockets had left.
   */
  async function maintain(): Promise<void> {
    if (!state.maintain) return;
    const departed = await state.maintain();
    for (const { channel, user_id } of departed.removed) {
      relay({ channel, event: 'pusher_internal:member_removed', data: { user_id } });
      webhooks.emit({ name: 'member_removed', channel, user_id });
    }
    for (const channel of departed.vacated) webhooks.emit({ name: 'channel_vacated', channel });
    if (departed.revived) await rejoin();
  }

  /** This process stalled past its lease and was taken out: its sockets count again. */
  async function rejoin(): Promise<void> {
    for (const connection of connections) {
      for (const channel of connection.channels) {
        if ((await state.occupy(channel)) === 1) webhooks.emit({ name: 'channel_occupied', channel });
        const userId = connection.presence.get(channel);
        if (userId === undefined) continue;
        const info = connection.presenceInfo.get(channel);
        if ((await state.join(channel, { user_id: userId, user_info: info })).added) {
          relay({ channel, event: 'pusher_internal:member_added', data: { user_id: userId, user_info: info } });
          webhooks.emit({ name: 'member_added', channel, user_id: userId });
        }
      }
    }
  }

  let maintaining: Promise<void> = Promise.resolve();
  const beat = () => {
    maintaining = maintaining.then(maintain).catch((err: unknown) => options.log?.error({ err }, 'realtime: lease upkeep failed'));
  };
  const heartbeat = state.maintain ? setInterval(beat, state.heartbeatMs ?? 5_000) : null;
  heartbeat?.unref();
  beat();

  function send(connection: Connection, message: { event: string; channel?: string; data: unknown }): void {
    if (connection.ws.readyState === WebSocket.OPEN) connection.ws.send(JSON.stringify(message));
  }

  function error(connection: Connection, code: number | null, message: string): void {
    send(connection, { event: 'pusher:error', data: { code, message } });
  }

  function subscriptionError(connection: Connection, channel: string, status: number, message: string, type = 'AuthError'): void {
    send(connection, { event: 'pusher:subscription_error', channel, data: { type, error: message, status } });
  }

  function deliver({ channel, event, data, exceptSocketId, userId }: ChannelEvent): void {
    const user = userOfChannel(channel);
    const subscribers = user === null ? channels.get(channel) : users.get(user);
    const cached = isCacheChannel(channel) && !event.startsWith('pusher_internal:');
    if (!subscribers && !cached) return;
    // Serialised once for every subscriber; server events carry their data as a JSON string.
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    // On presence channels a client event names its sender (protocol 7).
    const frame = JSON.stringify(userId === undefined ? { event, channel, data: text } : { event, channel, data: text, user_id: userId });
    // Every process hears every event (the Redis bus), so each keeps the same last one.
    if (cached) cache.set(channel, { frame, at: Date.now() });
    if (!subscribers) return;
    for (const connection of subscribers) {
      if (connection.socketId !== exceptSocketId && connection.ws.readyState === WebSocket.OPEN) connection.ws.send(frame);
    }
  }

  /** Leaves one channel here and in the shared state; the last socket out vacates it, the user's last socket removes the member. */
  async function unsubscribe(connection: Connection, channel: string): Promise<void> {
    if (!connection.channels.delete(channel)) return;
    const subscribers = channels.get(channel);
    subscribers?.delete(connection);
    if (subscribers?.size === 0) channels.delete(channel);
    const userId = connection.presence.get(channel);
    if (userId !== undefined) {
      connection.presence.delete(channel);
      connection.presenceInfo.delete(channel);
      if ((await state.leave(channel, userId)).removed) {
        relay({ channel, event: 'pusher_internal:member_removed', data: { user_id: userId } });
        webhooks.emit({ name: 'member_removed', channel, user_id: userId });
      }
    }
    if ((await state.vacate(channel)) === 0) webhooks.emit({ name: 'channel_vacated', channel });
  }

  /** The member a presence subscription claims, read from its signed channel_data; a text on refusal. */
  function memberOf(channelData: unknown): Member | string {
    if (typeof channelData !== 'string') return 'channel_data is required on presence channels';
    let parsed: { user_id?: unknown; user_info?: unknown };
    try {
      parsed = JSON.parse(channelData) as typeof parsed;
    } catch {
      return 'channel_data must be JSON';
    }
    const userId = typeof parsed?.user_id === 'number' ? String(parsed.user_id) : parsed?.user_id;
    if (!isUserId(userId)) return 'channel_data must carry a user_id';
    if (dataBytes(parsed.user_info ?? null) > MAX_USER_INFO_BYTES) return `user_info over ${MAX_USER_INFO_BYTES} bytes`;
    return { user_id: userId, user_info: parsed.user_info };
  }

  async function subscribe(connection: Connection, data: unknown): Promise<void> {
    const {
      channel,
      auth,
      channel_data: channelData,
    } = (typeof data === 'object' && data !== null ? data : {}) as { channel?: unknown; auth?: unknown; channel_data?: unknown };
    if (typeof channel !== 'string') {
      error(connection, ERROR.rejected, 'Invalid channel name');
      return;
    }
    if (!isChannelName(channel)) {
      // Named, so that the client's error callback for this channel fires.
      subscriptionError(connection, channel as string, ERROR.rejected, `Invalid channel name: ${(channel as string).slice(0, 200)}`, 'InvalidChannel');
      return;
    }
    const presence = isPresenceChannel(channel);
    if (needsAuth(channel)) {
      const expected = channelAuth(options.key, options.secret, connection.socketId, channel, presence && typeof channelData === 'string' ? channelData : undefined);
      if (!sameSignature(expected, auth)) {
        subscriptionError(connection, channel, 401, `Invalid signature for ${channel}`);
        return;
      }
    }
    const member = presence ? memberOf(channelData) : null;
    if (typeof member === 'string') {
      subscriptionError(connection, channel, 400, `${member} (${channel})`, 'InvalidChannelData');
      return;
    }
    if (connection.channels.has(channel)) {
      send(connection, { event: 'pusher_internal:subscription_succeeded', channel, data: presence ? presenceData(await state.members(channel)) : '{}' });
      return;
    }
    if (connection.channels.size >= maxChannelsPerConnection) {
      const message = `Subscription to ${channel} refused: at most ${maxChannelsPerConnection} channels on one connection`;
      subscriptionError(connection, channel, LIMIT_REACHED_STATUS, message, 'LimitReached');
      return;
    }
    if (member) {
      const { added, members } = await state.join(channel, member);
      if (added && members.length > maxPresenceMembers) {
        await state.leave(channel, member.user_id);
        const message = `Subscription to ${channel} refused: at most ${maxPresenceMembers} members on a presence channel`;
        subscriptionError(connection, channel, LIMIT_REACHED_STATUS, message, 'LimitReached');
        return;
      }
      connection.presence.set(channel, member.user_id);
      connection.presenceInfo.set(channel, member.user_info);
      join(connection, channel);
      if ((await state.occupy(channel)) === 1) webhooks.emit({ name: 'channel_occupied', channel });
      send(connection, { event: 'pusher_internal:subscription_succeeded', channel, data: presenceData(members) });
      sendCached(connection, channel);
      if (added) {
        relay({ channel, event: 'pusher_internal:member_added', data: member, exceptSocketId: connection.socketId });
        webhooks.emit({ name: 'member_added', channel, user_id: member.user_id });
      }
      return;
    }
    join(connection, channel);
    if ((await state.occupy(channel)) === 1) webhooks.emit({ name: 'channel_occupied', channel });
    send(connection, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
    sendCached(connection, channel);
  }

  function sendCached(connection: Connection, channel: string): void {
    if (!isCacheChannel(channel)) return;
    const last = cache.get(channel);
    if (last && Date.now() - last.at < CACHE_TTL_MS) {
      if (connection.ws.readyState === WebSocket.OPEN) connection.ws.send(last.frame);
    } else {
      send(connection, { event: 'pusher:cache_miss', channel, data: '{}' });
    }
  }

  function join(connection: Connection, channel: string): void {
    connection.channels.add(channel);
    let subscribers = channels.get(channel);
    if (!subscribers) channels.set(channel, (subscribers = new Set()));
    subscribers.add(connection);
  }

  /** subscription_succeeded's data on a presence channel: ids, id → info, count. */
  function presenceData(members: Member[]): string {
    const hash: Record<string, unknown> = {};
    for (const member of members) hash[member.user_id] = member.user_info ?? null;
    return JSON.stringify({ presence: { ids: members.map((m) => m.user_id), hash, count: members.length } });
  }

  function signin(connection: Connection, data: unknown): void {
    const { auth, user_data: userData } = (typeof data === 'object' && data !== null ? data : {}) as {
      auth?: unknown;
      user_data?: unknown;
    };
    if (typeof userData !== 'string' || !sameSignature(userAuth(options.key, options.secret, connection.socketId, userData), auth)) {
      error(connection, ERROR.unauthorized, 'Invalid user authentication');
      return;
    }
    let id: unknown;
    try {
      id = (JSON.parse(userData) as { id?: unknown } | null)?.id;
    } catch {
      id = undefined;
    }
    if (!isUserId(id)) {
      error(connection, ERROR.unauthorized, 'user_data must be JSON with an id');
      return;
    }
    if (connection.userId !== null) users.get(connection.userId)?.delete(connection);
    connection.userId = id;
    let sockets = users.get(id);
    if (!sockets) users.set(id, (sockets = new Set()));
    sockets.add(connection);
    send(connection, { event: 'pusher:signin_success', data: { user_data: userData } });
  }

  function clientEvent(connection: Connection, event: string, channel: unknown, data: unknown): void {
    const now = Date.now();
    connection.recentClientEvents = connection.recentClientEvents.filter((at) => now - at < 1000);
    if (connection.recentClientEvents.length >= CLIENT_EVENTS_PER_SECOND) {
      // Dropped, not closed: pusher-js never reconnects after a close code of 4300 or more.
      error(connection, ERROR.rateLimited, `Client event ${event} dropped: at most ${CLIENT_EVENTS_PER_SECOND} client events a second`);
      return;
    }
    connection.recentClientEvents.push(now);
    if (typeof channel !== 'string' || !acceptsClientEvents(channel)) {
      error(connection, ERROR.unauthorized, 'Client events are only accepted on private and presence channels');
      return;
    }
    if (!connection.channels.has(channel)) {
      error(connection, ERROR.unauthorized, `Client event rejected: not subscribed to ${channel}`);
      return;
    }
    if (!isEventName(event)) {
      error(connection, ERROR.rejected, `Client event rejected on ${channel}: event names are at most 200 characters`);
      return;
    }
    if (dataBytes(data) > MAX_DATA_BYTES) {
      error(connection, ERROR.rejected, `Client event rejected on ${channel}: data over ${MAX_DATA_BYTES} bytes`);
      return;
    }
    const userId = connection.presence.get(channel);
    relay({ channel, event, data, exceptSocketId: connection.socketId, ...(userId !== undefined ? { userId } : {}) });
    webhooks.emit({
      name: 'client_event',
      channel,
      event,
      data: typeof data === 'string' ? data : JSON.stringify(data),
      socket_id: connection.socketId,
      ...(userId !== undefined ? { user_id: userId } : {}),
    });
  }

  /** Closes this process's sockets of the user, telling each why first. */
  function terminate(userId: string): number {
    const sockets = [...(users.get(userId) ?? [])];
    for (const connection of sockets) {
      error(connection, ERROR.unauthorized, 'The connection was terminated by the app');
      connection.ws.close(ERROR.unauthorized, 'Terminated');
    }
    return sockets.length;
  }

  async function onMessage(connection: Connection, raw: RawData): Promise<void> {
    connection.lastSeen = Date.now();
    connection.pingedAt = null;
    let message: Incoming;
    try {
      message = JSON.parse(raw.toString()) as Incoming;
    } catch {
      error(connection, ERROR.rejected, 'Messages must be JSON');
      return;
    }
    const event = typeof message?.event === 'string' ? message.event : '';
    switch (event) {
      case 'pusher:ping':
        send(connection, { event: 'pusher:pong', data: {} });
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        await subscribe(connection, message.data);
        return;
      case 'pusher:unsubscribe': {
        const channel = (message.data as { channel?: unknown } | undefined)?.channel;
        if (typeof channel === 'string') await unsubscribe(connection, channel);
        return;
      }
      case 'pusher:signin':
        signin(connection, message.data);
        return;
      default:
        if (event.startsWith('client-')) clientEvent(connection, event, message.channel, message.data);
        else error(connection, ERROR.rejected, 'Unknown event');
    }
  }

  /**
   * Runs after the socket's earlier messages. A fault while handling one socket ends that socket
   * (1011), never the process.
   */
  function guarded(connection: Connection, handle: () => void | Promise<void>): void {
    connection.queue = connection.queue.then(async () => {
      try {
        await handle();
      } catch (err) {
        options.log?.error({ err, socketId: connection.socketId }, 'realtime handler failed: socket closed');
        connection.ws.close(CLOSE.internalError, 'Internal error');
      }
    });
  }

  function onConnection(ws: WebSocket, address: string): void {
    const connection: Connection = {
      socketId: newSocketId(),
      ws,
      channels: new Set(),
      lastSeen: Date.now(),
      pingedAt: null,
      recentClientEvents: [],
      userId: null,
      presence: new Map(),
      presenceInfo: new Map(),
      queue: Promise.resolve(),
    };
    connections.add(connection);
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    ws.on('message', (raw) => guarded(connection, () => onMessage(connection, raw)));
    ws.on('error', (err) => options.log?.warn({ err }, 'realtime socket error'));
    ws.on('close', () => {
      connections.delete(connection);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
      if (connection.userId !== null) {
        const sockets = users.get(connection.userId);
        sockets?.delete(connection);
        if (sockets?.size === 0) users.delete(connection.userId);
      }
      // After the messages already under way, so that a subscription being made is also unmade.
      connection.queue = connection.queue.then(async () => {
        for (const channel of [...connection.channels]) {
          await unsubscribe(connection, channel).catch((err: unknown) => options.log?.error({ err, channel }, 'realtime: leaving a channel failed'));
        }
      });
      pendingLeaves.add(connection.queue);
      void connection.queue.finally(() => pendingLeaves.delete(connection.queue));
    });
    send(connection, {
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: connection.socketId, activity_timeout: Math.round(activityTimeoutMs / 1000) }),
    });
  }

  /** Refuses the handshake's outcome in the protocol: a pusher:error, then a close with the same code. */
  function turnAway(ws: WebSocket, code: number, message: string): void {
    ws.send(JSON.stringify({ event: 'pusher:error', data: { code, message } }));
    ws.close(code, message.slice(0, 120));
  }

  function admit(request: IncomingMessage, ws: WebSocket, key: string, query: string): void {
    if (key !== options.key) return turnAway(ws, CLOSE.unknownApp, 'App key not in this cluster');
    const protocol = Number(new URLSearchParams(query).get('protocol') ?? 7);
    if (!(protocol >= 5 && protocol <= 7)) return turnAway(ws, CLOSE.unsupportedProtocol, 'Unsupported protocol version');
    const address = clientAddress(request);
    if ((perAddress.get(address) ?? 0) >= maxConnectionsPerAddress) {
      return turnAway(ws, CLOSE.overCapacity, `Over capacity: at most ${maxConnectionsPerAddress} connections from one address`);
    }
    onConnection(ws, address);
  }

  function onUpgrade(this: Server, request: IncomingMessage, socket: Duplex, head: Buffer): void {
    try {
      const match = APP_PATH.exec(request.url ?? '');
      if (!match) {
        // Another upgrade handler may own this path; with none, the socket would hang open.
        if (this.listenerCount('upgrade') === 1) refuse(socket, 404, 'Not found.');
        return;
      }
      const key = decoded(match[1]!);
      if (key === null) return refuse(socket, 400, 'The app key in the path is not valid percent-encoding.');
      const origin = request.headers.origin;
      if (allowedOrigins && origin !== undefined && !allowedOrigins.has(normalOrigin(origin) ?? '')) {
        return refuse(socket, 403, 'This origin may not connect.');
      }
      if (closing) return refuse(socket, 503, 'The server is shutting down.');
      wss.handleUpgrade(request, socket, head, (ws) => {
        try {
          admit(request, ws, key, match[2] ?? '');
        } catch (err) {
          options.log?.error({ err }, 'realtime handshake failed');
          ws.terminate();
        }
      });
    } catch (err) {
      options.log?.error({ err }, 'realtime upgrade failed');
      socket.destroy();
    }
  }

  return {
    attach(server) {
      server.on('upgrade', onUpgrade);
    },
    deliver,
    setRelay(next) {
      relay = next;
    },
    terminate,
    state,
    stats() {
      let subscriptions = 0;
      for (const subscribers of channels.values()) subscriptions += subscribers.size;
      return { connections: connections.size, channels: channels.size, subscriptions };
    },
    async close() {
      closing = true;
      clearInterval(sweep);
      if (heartbeat) clearInterval(heartbeat);
      relay = () => {};
      const closed = [...connections].map(
        (connection) =>
          new Promise<void>((resolve) => {
            if (connection.ws.readyState === WebSocket.CLOSED) return resolve();
            connection.ws.once('close', () => resolve());
            connection.ws.close(CLOSE.goingAway, 'Server shutting down');
            // A client that never completes the closing handshake is cut off.
            setTimeout(() => {
              connection.ws.terminate();
              resolve();
            }, 1000).unref();
          }),
      );
      await Promise.all(closed);
      await Promise.all(pendingLeaves);
      await maintaining;
      await state.retire?.().catch((err: unknown) => options.log?.error({ err }, 'realtime: lease not given up'));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
