import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { WebSocket } from 'ws';

export const APP_KEY = 'traderoom-key';

/** Listens on a free loopback port; returns the base URL. */
export async function listen(app: FastifyInstance): Promise<{ base: string; port: number }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, port };
}

export type TestEcho = Echo<'pusher'>;

/** A laravel-echo client over pusher-js, as the browser app makes one, signed in with `token`. */
export function echoClient(base: string, token: string): TestEcho {
  const { hostname, port } = new URL(base);
  return new Echo({
    broadcaster: 'pusher',
    Pusher,
    key: APP_KEY,
    cluster: 'mt1',
    wsHost: hostname,
    wsPort: Number(port),
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    authEndpoint: `${base}/broadcasting/auth`,
    auth: { headers: { Authorization: `Bearer ${token}` } },
    withoutInterceptors: true,
  });
}

export const pusherOf = (echo: TestEcho) => echo.connector.pusher;

export function connected(echo: TestEcho): Promise<string> {
  const pusher = pusherOf(echo);
  if (pusher.connection.state === 'connected') return Promise.resolve(pusher.connection.socket_id);
  return new Promise((resolve) => pusher.connection.bind('connected', () => resolve(pusher.connection.socket_id)));
}

/** Subscribes to `private-{name}`; resolves on success, rejects with the status on refusal. */
export function joinPrivate(echo: TestEcho, name: string) {
  const channel = echo.private(name);
  return new Promise<typeof channel>((resolve, reject) => {
    channel.subscribed(() => resolve(channel));
    channel.error((error: { status?: number }) => reject(Object.assign(new Error(`refused ${name}`), { status: error?.status })));
  });
}

/** Collects what a callback receives, and waits for the n-th item. */
export class Inbox<T> {
  readonly items: T[] = [];
  private waiters: Array<{ count: number; resolve: () => void }> = [];
  readonly push = (item: T) => {
    this.items.push(item);
    this.waiters = this.waiters.filter((w) => (this.items.length >= w.count ? (w.resolve(), false) : true));
  };
  waitFor(count: number): Promise<T[]> {
    if (this.items.length >= count) return Promise.resolve(this.items.slice(0, count));
    return new Promise((resolve) => this.waiters.push({ count, resolve: () => resolve(this.items.slice(0, count)) }));
  }
}

/** A raw protocol client, for what pusher-js hides (close codes, pings, errors). */
export class RawClient {
  readonly frames: Array<{ event: string; channel?: string; data: unknown }> = [];
  readonly inbox = new Inbox<{ event: string; channel?: string; data: unknown }>();
  readonly closed: Promise<{ code: number; reason: string }>;
  socketId = '';
  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { event: string; channel?: string; data: unknown };
      if (typeof frame.data === 'string') {
        try {
          frame.data = JSON.parse(frame.data);
        } catch {
          // left as text
        }
      }
      this.frames.push(frame);
      this.inbox.push(frame);
    });
  }

  static async open(port: number, key = APP_KEY, headers: Record<string, string> = {}): Promise<RawClient> {
    const client = new RawClient(new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.6.0`, { headers }));
    const first = await client.next();
    if (first.event === 'pusher:connection_established') client.socketId = (first.data as { socket_id: string }).socket_id;
    return client;
  }

  private read = 0;
  /** The next frame not read yet. */
  async next(): Promise<{ event: string; channel?: string; data: unknown }> {
    const [frame] = (await this.inbox.waitFor(this.read + 1)).slice(this.read);
    this.read += 1;
    return frame!;
  }

  /** Reads frames until one with this event name arrives. */
  async until(event: string) {
    for (;;) {
      const frame = await this.next();
      if (frame.event === event) return frame;
    }
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  close(): void {
    this.ws.close();
  }
}

/** How the server answers a WebSocket upgrade of `path`: 101 when it opens, else the HTTP status and body. */
export function upgradeAnswer(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    ws.on('open', () => {
      ws.terminate();
      resolve({ status: 101, body: '' });
    });
    ws.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    ws.on('error', reject);
  });
}
