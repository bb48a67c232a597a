import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.ts';
import { type Broadcaster, localBroadcaster, pusherBroadcaster, redisBroadcaster } from './broadcaster.ts';
import { ioredis } from '../packages.ts';
import { createHub, type Hub, type HubOptions } from './hub.ts';
import { memoryChannelState, redisChannelState } from './state.ts';
import { createWebhooks, type Webhooks } from './webhooks.ts';

export type { Broadcaster } from './broadcaster.ts';
export type { Hub } from './hub.ts';

export interface Realtime {
  /** This process's hub; null when an external service (PUSHER_HOST) carries the sockets. */
  hub: Hub | null;
  broadcaster: Broadcaster;
  /**
   * The embedded hub's webhooks also go to a receiver in this process, signed and retried as for
   * a URL (an external service is pointed at PRESENCE_WEBHOOK_PATH instead). Absent with PUSHER_HOST.
   */
  webhooks?: Pick<Webhooks, 'addReceiver' | 'flush'>;
  close(): Promise<void>;
}

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** The hub and the broadcaster the configuration asks for (see PUSHER_HOST and REDIS_URL in config.ts). */
export async function createRealtime(config: Config, log?: Log, hubOptions: Partial<HubOptions> = {}): Promise<Realtime> {
  const { pusher } = config;
  if (pusher.host) {
    const broadcaster = pusherBroadcaster({
      appId: pusher.appId,
      key: pusher.key,
      secret: pusher.secret,
      host: pusher.host,
      port: pusher.port ?? (pusher.scheme === 'https' ? 443 : 80),
      useTLS: pusher.scheme === 'https',
      encryptionMasterKeyBase64: pusher.encryptionMasterKey.toString('base64'),
    });
    return { hub: null, broadcaster, close: () => broadcaster.close() };
  }
  // With Redis, occupancy and presence members are counted across every process.
  const stateRedis = config.redisUrl ? new (ioredis().Redis)(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 }) : null;
  await stateRedis?.connect();
  const webhooks = createWebhooks({ key: pusher.key, secret: pusher.secret, urls: pusher.webhookUrls, ...(log ? { log } : {}) });
  const hub = createHub({
    key: pusher.key,
    state: stateRedis ? redisChannelState(stateRedis) : memoryChannelState(),
    webhooks,
    secret: pusher.secret,
    allowedOrigins: config.realtimeLimits.allowedOrigins,
    maxConnectionsPerAddress: config.realtimeLimits.maxConnectionsPerAddress,
    maxChannelsPerConnection: config.realtimeLimits.maxChannelsPerConnection,
    clientAddress: clientAddressOf(config.trustProxy),
    ...(log ? { log } : {}),
    ...hubOptions,
  });
  const broadcaster = config.redisUrl
    ? await redisBroadcaster(hub, config.redisUrl, log, pusher.encryptionMasterKey)
    : localBroadcaster(hub, pusher.encryptionMasterKey);
  return {
    hub,
    broadcaster,
    webhooks,
    async close() {
      await hub.close();
      await webhooks.close();
      await broadcaster.close();
      await stateRedis?.quit().catch(() => stateRedis.disconnect());
    },
  };
}

/**
 * The client's address as Fastify's `request.ip` reads it under TRUST_PROXY, for upgrades, which
 * never become Fastify requests: behind a trusted proxy the connection cap counts each client,
 * not the proxy.
 */
export function clientAddressOf(trustProxy: Config['trustProxy']): (request: IncomingMessage) => string {
  if (trustProxy === false) return (request) => request.socket.remoteAddress ?? '';
  const trust = trustProxy === true ? () => true : proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
  return (request) => proxyAddr(request, trust);
}
