/**
 * The Pusher protocol under load, for `npm run bench` (or alone: `npm run bench:realtime`):
 * - presence: 1,000 members join one presence channel one after another, then leave; the same
 *   again with the members in Redis (REDIS_URL: Lua scripts, per-process leases);
 * - the HTTP API: the `pusher` SDK publishes to 1,000 subscribers, send-to-deliver p50/p95/p99;
 * - beside a bare `ws` server that fans the same frame out to 1,000 sockets on a plain POST, in the
 *   same run on the same machine: the ratio is the figure. Both servers run in a child process.
 * Figures are printed, never asserted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import PusherServer from 'pusher';
import { WebSocket, WebSocketServer } from 'ws';
import { Redis } from 'ioredis';
import { localBroadcaster, redisBroadcaster } from '../server/realtime/broadcaster.ts';
import { createHttpApi } from '../server/realtime/http-api.ts';
import { createHub } from '../server/realtime/hub.ts';
import { channelAuth } from '../server/realtime/protocol.ts';
import { redisChannelState } from '../server/realtime/state.ts';
import { type RedisServer, startRedisServer } from '../tests/server/redis-server.ts';

const SUBSCRIBERS = 1000;
const MEMBERS = 1000;
const MESSAGES = 50;
const KEY = 'bench-key';
const SECRET = 'bench-secret';
const APP_ID = 'bench';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** In the child: the hub with its HTTP API, or a bare ws fan-out; prints the port. */
async function serve(mode: string): Promise<void> {
  if (mode === 'hub' || mode === 'hub-redis') {
    // hub-redis: members counted in Redis under this process's lease, events over the Redis bus.
    const redisUrl = mode === 'hub-redis' ? process.env.BENCH_REDIS_URL! : null;
    const state = redisUrl ? redisChannelState(new Redis(redisUrl)) : undefined;
    const hub = createHub({ key: KEY, secret: SECRET, maxConnectionsPerAddress: 10_000, maxPresenceMembers: MEMBERS, ...(state ? { state } : {}) });
    const broadcaster = redisUrl ? await redisBroadcaster(hub, redisUrl) : localBroadcaster(hub);
    const api = createHttpApi({ appId: APP_ID, key: KEY, secret: SECRET, hub, broadcaster });
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        void api.handle({ method: request.method ?? 'GET', url: request.url ?? '/', body }).then((answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
        });
      });
    });
    hub.attach(server);
    server.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
    return;
  }
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const sockets = new Set<WebSocket>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { name, channel, data } = JSON.parse(body) as { name: string; channel: string; data: string };
      const frame = JSON.stringify({ event: name, channel, data });
      for (const ws of sockets) ws.send(frame);
      response.writeHead(200).end('{}');
    });
  });
  server.on('upgrade', (request, socket, head) =>
    wss.handleUpgrade(request, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      ws.send(JSON.stringify({ event: 'pusher:connection_established', data: JSON.stringify({ socket_id: '1.1' }) }));
    }),
  );
  server.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
}

function startChild(mode: 'hub' | 'hub-redis' | 'bare', env: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--serve', mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^PORT (\d+)$/.exec(line);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.once('exit', (code) => reject(new Error(`bench server (${mode}) exited with ${code}`)));
  });
}

interface Socket {
  ws: WebSocket;
  socketId: string;
  /** Resolves on the next frame with this event. */
  next(event: string): Promise<{ event: string; data: string }>;
  onEvent: (frame: { event: string; data: string }) => void;
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${KEY}?protocol=7&client=bench&version=1`, { perMessageDeflate: false });
    const waiters = new Map<string, Array<(frame: { event: string; data: string }) => void>>();
    const socket: Socket = {
      ws,
      socketId: '',
      next: (event) => new Promise((done) => waiters.set(event, [...(waiters.get(event) ?? []), done])),
      onEvent: () => {},
    };
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { event: string; data: string };
      if (frame.event === 'pusher:connection_established') {
        socket.socketId = (JSON.parse(frame.data) as { socket_id: string }).socket_id;
        resolve(socket);
        return;
      }
      const waiting = waiters.get(frame.event);
      if (waiting?.length) waiting.shift()!(frame);
      socket.onEvent(frame);
    });
  });
}

async function openMany(port: number, count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i += 50) sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => openSocket(port)))));
  return sockets;
}

/** Publishes MESSAGES events one at a time; each timed from the send until every socket has it. */
async function fanOut(sockets: Socket[], publish: (n: number) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  for (let m = 0; m < MESSAGES; m++) {
    let pending = sockets.length;
    const sentAt = performance.now();
    const all = new Promise<void>((resolve) => {
      for (const socket of sockets) {
        socket.onEvent = (frame) => {
          if (frame.event !== 'tick') return;
          latencies.push(performance.now() - sentAt);
          if (--pending === 0) resolve();
        };
      }
    });
    await publish(m);
    await all;
  }
  return latencies.sort((a, b) => a - b);
}

async function presence(port: number, label = 'presence'): Promise<void> {
  const channel = 'presence-bench';
  const sockets = await openMany(port, MEMBERS);
  const joins: number[] = [];
  const started = performance.now();
  for (const [i, socket] of sockets.entries()) {
    const channelData = JSON.stringify({ user_id: `user-${i}`, user_info: { name: `User ${i}` } });
    const at = performance.now();
    const done = socket.next('pusher_internal:subscription_succeeded');
    socket.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, channel_data: channelData, auth: channelAuth(KEY, SECRET, socket.socketId, channel, channelData) } }));
    await done;
    joins.push(performance.now() - at);
  }
  const joinSeconds = (performance.now() - started) / 1000;
  // Every member heard of every later one: n(n-1)/2 member_added frames in all.
  const last = sockets[0]!;
  const leaveStarted = performance.now();
  const lastRemoved = new Promise<void>((resolve) => {
    let removed = 0;
    last.onEvent = (frame) => {
      if (frame.event === 'pusher_internal:member_removed' && ++removed === MEMBERS - 1) resolve();
    };
  });
  for (const socket of sockets.slice(1)) socket.ws.close();
  await lastRemoved;
  const leaveSeconds = (performance.now() - leaveStarted) / 1000;
  last.ws.close();
  joins.sort((a, b) => a - b);
  console.log(`  ${label}: ${MEMBERS} members joined one by one in ${joinSeconds.toFixed(1)} s (each join p50 ${ms(percentile(joins, 50))}, p95 ${ms(percentile(joins, 95))}, p99 ${ms(percentile(joins, 99))}; ${((MEMBERS * (MEMBERS - 1)) / 2).toLocaleString('en')} member_added frames)`);
  console.log(`  ${label}: ${MEMBERS - 1} left at once; the remaining member heard every member_removed within ${leaveSeconds.toFixed(2)} s`);
}

export async function benchRealtime(): Promise<void> {
  console.log(`\nPusher protocol (${SUBSCRIBERS} subscribers, ${MESSAGES} events one at a time; servers in a child process):`);
  const hub = await startChild('hub');
  try {
    await presence(hub.port);
    const sockets = await openMany(hub.port, SUBSCRIBERS);
    await Promise.all(
      sockets.map((socket) => {
        const done = socket.next('pusher_internal:subscription_succeeded');
        socket.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'prices' } }));
        return done;
      }),
    );
    const sdk = new PusherServer({ appId: APP_ID, key: KEY, secret: SECRET, host: '127.0.0.1', port: String(hub.port), useTLS: false });
    const viaApi = await fanOut(sockets, async (n) => void (await sdk.trigger('prices', 'tick', { n })));
    for (const socket of sockets) socket.ws.close();

    const bare = await startChild('bare');
    try {
      const bareSockets = await openMany(bare.port, SUBSCRIBERS);
      const viaBare = await fanOut(bareSockets, async (n) => {
        await fetch(`http://127.0.0.1:${bare.port}/publish`, { method: 'POST', body: JSON.stringify({ name: 'tick', channel: 'prices', data: JSON.stringify({ n }) }) });
      });
      for (const socket of bareSockets) socket.ws.close();
      const row = (name: string, sorted: number[]) =>
        `  ${name.padEnd(38)} p50 ${ms(percentile(sorted, 50)).padStart(9)}  p95 ${ms(percentile(sorted, 95)).padStart(9)}  p99 ${ms(percentile(sorted, 99)).padStart(9)}`;
      console.log(row('HTTP API (pusher SDK, signed) → hub', viaApi));
      console.log(row('bare ws fan-out (plain POST)', viaBare));
      console.log(`  load average: ${(await import('node:os')).loadavg().map((n) => n.toFixed(2)).join(' ')} on ${(await import('node:os')).cpus().length} cores`);
      console.log(`  ratio hub / bare: p50 ${(percentile(viaApi, 50) / percentile(viaBare, 50)).toFixed(2)}×, p95 ${(percentile(viaApi, 95) / percentile(viaBare, 95)).toFixed(2)}×, p99 ${(percentile(viaApi, 99) / percentile(viaBare, 99)).toFixed(2)}×`);
    } finally {
      bare.child.kill();
    }
  } finally {
    hub.child.kill();
  }
  await presenceThroughRedis();
}

/** The same presence run with REDIS_URL: each join and leave a Lua script, each member under the process's lease. */
async function presenceThroughRedis(): Promise<void> {
  let redis: RedisServer;
  try {
    redis = await startRedisServer();
  } catch (err) {
    console.log(`  presence through Redis: skipped (no redis-server: ${(err as Error).message})`);
    return;
  }
  try {
    const hub = await startChild('hub-redis', { BENCH_REDIS_URL: redis.url });
    try {
      await presence(hub.port, 'presence through Redis');
    } finally {
      hub.child.kill();
    }
  } finally {
    await redis.stop();
  }
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt !== -1) void serve(process.argv[serveAt + 1] ?? 'hub');
else if (process.argv[1] === new URL(import.meta.url).pathname) void benchRealtime();
