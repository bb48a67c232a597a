import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PusherServer from 'pusher';
import Pusher from 'pusher-js';
import { localBroadcaster } from '../../server/realtime/broadcaster.ts';
import { createHttpApi } from '../../server/realtime/http-api.ts';
import { createHub, type Hub } from '../../server/realtime/hub.ts';
import { createWebhooks, type Webhooks } from '../../server/realtime/webhooks.ts';
import { Inbox } from './realtime-support.ts';

/**
 * Where the conformance suite runs: the app's own hub and HTTP API on a bare HTTP server (default),
 * or any Pusher-compatible server given by the environment (docs/realtime.md, "Conformance"):
 *
 *   CONFORMANCE_URL=http://127.0.0.1:6001   the server (WebSocket and HTTP API on one port)
 *   CONFORMANCE_APP_ID, CONFORMANCE_APP_KEY, CONFORMANCE_APP_SECRET
 *   CONFORMANCE_ENCRYPTION_MASTER_KEY       base64 of 32 bytes, as the SDK takes it
 *   CONFORMANCE_WEBHOOK_PORT                a local port the suite listens on, which the server
 *                                           was configured to POST its webhooks to
 */
export interface Target {
  base: string;
  host: string;
  port: number;
  appId: string;
  key: string;
  secret: string;
  masterKeyBase64: string;
  /** Webhook requests as they arrive (raw body and headers). */
  webhooks: Inbox<{ headers: IncomingMessage['headers']; rawBody: string }>;
  close(): Promise<void>;
}

const LOCAL = { appId: 'conformance', key: 'conformance-key', secret: 'conformance-secret', masterKeyBase64: Buffer.alloc(32, 3).toString('base64') };

async function listening(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function webhookReceiver(inbox: Target['webhooks']): Server {
  return createServer((request, response) => {
    let rawBody = '';
    request.on('data', (chunk: Buffer) => (rawBody += chunk.toString()));
    request.on('end', () => {
      inbox.push({ headers: request.headers, rawBody });
      response.writeHead(200).end();
    });
  });
}

export async function startTarget(): Promise<Target> {
  const webhooks = new Inbox<{ headers: IncomingMessage['headers']; rawBody: string }>();
  const receiver = webhookReceiver(webhooks);
  const external = process.env.CONFORMANCE_URL;
  if (external) {
    await listening(receiver, Number(process.env.CONFORMANCE_WEBHOOK_PORT ?? 0));
    const url = new URL(external);
    return {
      base: url.origin,
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      appId: process.env.CONFORMANCE_APP_ID ?? 'app-id',
      key: process.env.CONFORMANCE_APP_KEY ?? 'app-key',
      secret: process.env.CONFORMANCE_APP_SECRET ?? 'app-secret',
      masterKeyBase64: process.env.CONFORMANCE_ENCRYPTION_MASTER_KEY ?? LOCAL.masterKeyBase64,
      webhooks,
      close: () => new Promise((resolve) => receiver.close(() => resolve())),
    };
  }
  const receiverPort = await listening(receiver);
  const hooks: Webhooks = createWebhooks({ key: LOCAL.key, secret: LOCAL.secret, urls: [`http://127.0.0.1:${receiverPort}/pusher/webhooks`], batchMs: 20 });
  const hub: Hub = createHub({ key: LOCAL.key, secret: LOCAL.secret, webhooks: hooks });
  const api = createHttpApi({ ...LOCAL, hub, broadcaster: localBroadcaster(hub) });
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      void api.handle({ method: request.method ?? 'GET', url: request.url ?? '/', body }).then(({ status, body: answer }) => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
  });
  hub.attach(server);
  const port = await listening(server);
  return {
    base: `http://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    ...LOCAL,
    webhooks,
    async close() {
      await hub.close();
      await hooks.close();
      await new Promise((resolve) => server.close(resolve));
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
}

/** The official server SDK pointed at the target. */
export function sdk(target: Target, overrides: { secret?: string; key?: string } = {}): PusherServer {
  return new PusherServer({
    appId: target.appId,
    key: overrides.key ?? target.key,
    secret: overrides.secret ?? target.secret,
    host: target.host,
    port: String(target.port),
    useTLS: target.base.startsWith('https:'),
    encryptionMasterKeyBase64: target.masterKeyBase64,
  });
}

export interface UserSpec {
  id: string;
  info?: Record<string, unknown>;
}

/**
 * A pusher-js client whose authorisations the suite signs with the SDK, as an app's auth endpoint
 * would; `user` is what it joins presence channels and signs in as.
 */
export function client(target: Target, user: UserSpec = { id: 'u1' }): Pusher {
  const signer = sdk(target);
  return new Pusher(target.key, {
    cluster: 'mt1',
    wsHost: target.host,
    wsPort: target.port,
    wssPort: target.port,
    forceTLS: target.base.startsWith('https:'),
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    channelAuthorization: {
      endpoint: '',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        // Answered after subscribe() returns, as a real endpoint would, so that the channel's callbacks are bound.
        if (channelName.includes('forbidden')) return queueMicrotask(() => callback(new Error('not allowed'), null));
        const presence = channelName.startsWith('presence-') ? { user_id: user.id, user_info: user.info ?? {} } : undefined;
        callback(null, signer.authorizeChannel(socketId, channelName, presence));
      },
    },
    userAuthentication: {
      endpoint: '',
      transport: 'ajax',
      customHandler: ({ socketId }, callback) => callback(null, signer.authenticateUser(socketId, { id: user.id, user_info: user.info ?? {} })),
    },
  });
}

export function connectedPusher(pusher: Pusher): Promise<string> {
  if (pusher.connection.state === 'connected') return Promise.resolve(pusher.connection.socket_id);
  return new Promise((resolve) => pusher.connection.bind('connected', () => resolve(pusher.connection.socket_id)));
}

/** Subscribes; resolves with the channel on success, rejects with the refusal's data. */
export function subscribed(pusher: Pusher, name: string) {
  const channel = pusher.subscribe(name);
  return new Promise<typeof channel>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve(channel));
    channel.bind('pusher:subscription_error', (error: unknown) => reject(Object.assign(new Error(`refused ${name}`), { data: error })));
  });
}
