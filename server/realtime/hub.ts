import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import {
  ACTIVITY_TIMEOUT_SECONDS,
  CLIENT_EVENTS_PER_SECOND,
  CLOSE,
  type ChannelEvent,
  ERROR,
  MAX_DATA_BYTES,
  MAX_FRAME_BYTES,
  channelAuth,
  dataBytes,
  isChannelName,
  isPrivateChannel,
  newSocketId,
  sameSignature,
  userAuth,
} from './protocol.ts';

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
  log?: { warn(obj: object, msg: string): void };
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
}

interface Incoming {
  event?: unknown;
  channel?: unknown;
  data?: unknown;
}

const APP_PATH = /^\/app\/([^/?]+)(?:\?(.*))?$/;

export function createHub(options: HubOptions): Hub {
  const activityTimeoutMs = options.activityTimeoutMs ?? ACTIVITY_TIMEOUT_SECONDS * 1000;
  const pongTimeoutMs = options.pongTimeoutMs ?? 30_000;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const connections = new Set<Connection>();
  const channels = new Map<string, Set<Connection>>();
  let relay: (event: ChannelEvent) => void = options.relay ?? deliver;
  let closing = false;

  const sweep = setInterval(
    () => {
      const now = Date.now();
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

  function send(connection: Connection, message: { event: string; channel?: string; data: unknown }): void {
    if (connection.ws.readyState === WebSocket.OPEN) connection.ws.send(JSON.stringify(message));
  }

  function error(connection: Connection, code: number | null, message: string): void {
    send(connection, { event: 'pusher:error', data: { code, message } });
  }

  function subscriptionError(connection: Connection, channel: string, status: number, message: string): void {
    send(connection, { event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error: message, status } });
  }

  function deliver({ channel, event, data, exceptSocketId }: ChannelEvent): void {
    const subscribers = channels.get(channel);
    if (!subscribers) return;
    // Serialised once for every subscriber; server events carry their data as a JSON string.
    const frame = JSON.stringify({ event, channel, data: typeof data === 'string' ? data : JSON.stringify(data) });
    for (const connection of subscribers) {
      if (connection.socketId !== exceptSocketId && connection.ws.readyState === WebSocket.OPEN) connection.ws.send(frame);
    }
  }

  function unsubscribe(connection: Connection, channel: string): void {
    connection.channels.delete(channel);
    const subscribers = channels.get(channel);
    if (!subscribers) return;
    subscribers.delete(connection);
    if (subscribers.size === 0) channels.delete(channel);
  }

  function subscribe(connection: Connection, data: unknown): void {
    const { channel, auth } = (typeof data === 'object' && data !== null ? data : {}) as { channel?: unknown; auth?: unknown };
    if (!isChannelName(channel)) {
      error(connection, ERROR.rejected, 'Invalid channel name');
      return;
    }
    if (channel.startsWith('presence-') || channel.startsWith('private-encrypted-')) {
      subscriptionError(connection, channel, 403, 'Presence and encrypted channels are not offered');
      return;
    }
    if (isPrivateChannel(channel) && !sameSignature(channelAuth(options.key, options.secret, connection.socketId, channel), auth)) {
      subscriptionError(connection, channel, 401, 'Invalid signature');
      return;
    }
    connection.channels.add(channel);
    let subscribers = channels.get(channel);
    if (!subscribers) channels.set(channel, (subscribers = new Set()));
    subscribers.add(connection);
    send(connection, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
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
    send(connection, { event: 'pusher:signin_success', data: { user_data: userData } });
  }

  function clientEvent(connection: Connection, event: string, channel: unknown, data: unknown): void {
    const now = Date.now();
    connection.recentClientEvents = connection.recentClientEvents.filter((at) => now - at < 1000);
    if (connection.recentClientEvents.length >= CLIENT_EVENTS_PER_SECOND) {
      connection.ws.close(CLOSE.rateLimited, 'Client event rejected due to rate limit');
      return;
    }
    connection.recentClientEvents.push(now);
    if (typeof channel !== 'string' || !isPrivateChannel(channel)) {
      error(connection, ERROR.unauthorized, 'Client events are only accepted on private channels');
      return;
    }
    if (!connection.channels.has(channel)) {
      error(connection, ERROR.unauthorized, 'Client event rejected: not subscribed to the channel');
      return;
    }
    if (dataBytes(data) > MAX_DATA_BYTES) {
      error(connection, ERROR.rejected, `Client event rejected: data over ${MAX_DATA_BYTES} bytes`);
      return;
    }
    relay({ channel, event, data, exceptSocketId: connection.socketId });
  }

  function onMessage(connection: Connection, raw: RawData): void {
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
        subscribe(connection, message.data);
        return;
      case 'pusher:unsubscribe': {
        const channel = (message.data as { channel?: unknown } | undefined)?.channel;
        if (typeof channel === 'string') unsubscribe(connection, channel);
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

  function onConnection(ws: WebSocket): void {
    const connection: Connection = {
      socketId: newSocketId(),
      ws,
      channels: new Set(),
      lastSeen: Date.now(),
      pingedAt: null,
      recentClientEvents: [],
    };
    connections.add(connection);
    ws.on('message', (raw) => onMessage(connection, raw));
    ws.on('error', (err) => options.log?.warn({ err }, 'realtime socket error'));
    ws.on('close', () => {
      connections.delete(connection);
      for (const channel of [...connection.channels]) unsubscribe(connection, channel);
    });
    send(connection, {
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: connection.socketId, activity_timeout: Math.round(activityTimeoutMs / 1000) }),
    });
  }

  function onUpgrade(this: Server, request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const match = APP_PATH.exec(request.url ?? '');
    if (!match) {
      // Another upgrade handler may own this path; with none, the socket would hang open.
      if (this.listenerCount('upgrade') === 1) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    if (closing) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      if (decodeURIComponent(match[1]!) !== options.key) {
        ws.send(JSON.stringify({ event: 'pusher:error', data: { code: CLOSE.unknownApp, message: 'App key not in this cluster' } }));
        ws.close(CLOSE.unknownApp, 'Unknown app key');
        return;
      }
      const protocol = Number(new URLSearchParams(match[2] ?? '').get('protocol') ?? 7);
      if (protocol < 5 || protocol > 7) {
        ws.close(CLOSE.unsupportedProtocol, 'Unsupported protocol version');
        return;
      }
      onConnection(ws);
    });
  }

  return {
    attach(server) {
      server.on('upgrade', onUpgrade);
    },
    deliver,
    setRelay(next) {
      relay = next;
    },
    stats() {
      let subscriptions = 0;
      for (const subscribers of channels.values()) subscriptions += subscribers.size;
      return { connections: connections.size, channels: channels.size, subscriptions };
    },
    async close() {
      closing = true;
      clearInterval(sweep);
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
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
