import { ioredis, pusher as pusherPackage } from '../packages.ts';
import type { Hub } from './hub.ts';
import { type ChannelEvent, MAX_DATA_BYTES, dataBytes, encryptedData, isEncryptedChannel, isPublishableChannel, userOfChannel } from './protocol.ts';

export interface PublishOptions {
  /** The socket that caused the event (`X-Socket-ID`): it is left out ("toOthers"). */
  exceptSocketId?: string | undefined;
  /**
   * The data is already what goes on the wire (the HTTP API: a string the sender's SDK encoded,
   * and sealed for an encrypted channel). Otherwise an event to a `private-encrypted-*` channel is
   * sealed here with the master key, so server code publishes to every channel the same way.
   */
  prepared?: boolean;
}

/**
 * The one way server code sends realtime events, whatever carries them: this process's hub,
 * a Redis bus shared by several processes, or an external Pusher-compatible service.
 */
export interface Broadcaster {
  readonly driver: 'local' | 'redis' | 'pusher';
  publish(channel: string, event: string, data: unknown, options?: PublishOptions): Promise<void>;
  /**
   * Closes every socket signed in (`pusher:signin`) as the user, in every process: their session
   * was revoked, their password changed, or staff blocked them.
   */
  terminateUser(userId: string): Promise<void>;
  close(): Promise<void>;
}

export class BroadcastRejected extends Error {
  override name = 'BroadcastRejected';
}

/** The data as it goes on the wire: sealed for an encrypted channel (see PublishOptions.prepared), checked against the limits. */
function checked(channel: string, data: unknown, options: PublishOptions, masterKey: Buffer | undefined): unknown {
  if (!isPublishableChannel(channel)) throw new BroadcastRejected(`Invalid channel name: ${channel}`);
  let wire = data;
  if (isEncryptedChannel(channel) && !options.prepared) {
    if (!masterKey) throw new BroadcastRejected(`No encryption master key to publish to ${channel}`);
    wire = encryptedData(masterKey, channel, data);
  }
  if (dataBytes(wire) > MAX_DATA_BYTES) throw new BroadcastRejected(`Event data over ${MAX_DATA_BYTES} bytes on ${channel}`);
  return wire;
}

/** Delivers in this process: the default, one app process serving API and sockets. */
export function localBroadcaster(hub: Hub, encryptionMasterKey?: Buffer): Broadcaster {
  return {
    driver: 'local',
    async publish(channel, event, data, options = {}) {
      const wire = checked(channel, data, options, encryptionMasterKey);
      hub.deliver({ channel, event, data: wire, exceptSocketId: options.exceptSocketId });
    },
    async terminateUser(userId) {
      hub.terminate(userId);
    },
    async close() {},
  };
}

/** Redis pub/sub channel every app process listens on. */
export const REDIS_BUS = 'traderoom:realtime';
/** What travels on the bus: an event to deliver, or a user whose sockets every process closes. */
type BusMessage = ChannelEvent | { terminate: string };

/**
 * Several app processes behind one address: each publishes to Redis and delivers what Redis
 * hands back to its own sockets, so a client reaches every subscriber whichever process it
 * talks to. Client events (whispers) take the same path.
 */
export async function redisBroadcaster(
  hub: Hub,
  url: string,
  log?: { error(obj: object, msg: string): void },
  encryptionMasterKey?: Buffer,
): Promise<Broadcaster> {
  const { Redis } = ioredis();
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  subscriber.on('message', (_bus: string, message: string) => {
    try {
      const parsed = JSON.parse(message) as BusMessage;
      if ('terminate' in parsed) hub.terminate(parsed.terminate);
      else hub.deliver(parsed);
    } catch (err) {
      log?.error({ err }, 'realtime: unreadable message on the Redis bus');
    }
  });
  await subscriber.subscribe(REDIS_BUS);
  const send = async (message: BusMessage) => {
    await publisher.publish(REDIS_BUS, JSON.stringify(message));
  };
  hub.setRelay((event) => {
    send(event).catch((err: unknown) => log?.error({ err }, 'realtime: client event not relayed'));
  });
  return {
    driver: 'redis',
    async publish(channel, event, data, options = {}) {
      const wire = checked(channel, data, options, encryptionMasterKey);
      await send({ channel, event, data: wire, exceptSocketId: options.exceptSocketId });
    },
    async terminateUser(userId) {
      await send({ terminate: userId });
    },
    async close() {
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}

export interface ExternalPusher {
  appId: string;
  key: string;
  secret: string;
  host: string;
  port: number;
  useTLS: boolean;
  /** Base64 of 32 bytes: the SDK encrypts events to private-encrypted-* channels with it. */
  encryptionMasterKeyBase64?: string;
}

/** An external Pusher-compatible service (Soketi, Reverb, Pusher Channels) through the official SDK. */
export function pusherBroadcaster(target: ExternalPusher): Broadcaster {
  const pusher = new (pusherPackage())({
    appId: target.appId,
    key: target.key,
    secret: target.secret,
    host: target.host,
    port: String(target.port),
    useTLS: target.useTLS,
    ...(target.encryptionMasterKeyBase64 ? { encryptionMasterKeyBase64: target.encryptionMasterKeyBase64 } : {}),
  });
  return {
    driver: 'pusher',
    async publish(channel, event, data, options = {}) {
      // The SDK seals events to encrypted channels itself (encryptionMasterKeyBase64).
      checked(channel, data, { prepared: true }, undefined);
      const user = userOfChannel(channel);
      // The SDK's trigger() refuses `#` in names: user channels go through sendToUser().
      if (user !== null) await pusher.sendToUser(user, event, data);
      else await pusher.trigger(channel, event, data, options.exceptSocketId ? { socket_id: options.exceptSocketId } : {});
    },
    async terminateUser(userId) {
      await pusher.terminateUserConnections(userId);
    },
    async close() {},
  };
}
