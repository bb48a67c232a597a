import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, TypingSignal } from '../../src/contract/chat.ts';
import { ADMIN_EMAIL, CLIENT_EMAIL, DEMO_PASSWORD } from './support.ts';
import { connected, echoClient, Inbox, joinPrivate, type TestEcho } from './realtime-support.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

/**
 * Two app processes sharing one database and one Redis (Debian's redis-server, started here on
 * a free loopback port in a temp dir): a client connected to one process and staff connected
 * to the other hear each other's messages and whispers.
 */
describe('realtime across two app processes through Redis', () => {
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-redis-'));
  const children: ChildProcess[] = [];
  const echoes: TestEcho[] = [];
  let bases: [string, string];

  function start(command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(child);
    return child;
  }

  async function startApp(port: number, redisUrl: string): Promise<string> {
    start('node_modules/.bin/tsx', ['server/main.ts'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'shared.sqlite')}`,
      REDIS_URL: redisUrl,
      APP_KEY: 'redis-test-app-key-0123456789abcdef012345',
      SEED_DEMO: '1',
      SKIP_BUILD: '1',
      STATIC_DIR: join(dir, 'no-dist'),
      MAIL_OUTBOX: join(dir, 'mail'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, `app on ${port}`);
    return base;
  }

  beforeAll(async () => {
    const redisPort = await freePort();
    start('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no']);
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    // One after the other: the first migrates and seeds the shared database.
    const first = await startApp(await freePort(), redisUrl);
    const second = await startApp(await freePort(), redisUrl);
    bases = [first, second];
  }, 90_000);

  afterAll(async () => {
    for (const echo of echoes) echo.disconnect();
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  });

  const post = async <T>(base: string, path: string, body: unknown, token?: string, socketId?: string) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(socketId ? { 'x-socket-id': socketId } : {}),
      },
      body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const login = async (base: string, email: string) => (await post<{ token: string }>(base, '/api/login', { email, password: DEMO_PASSWORD })).token;
  async function connect(base: string, token: string) {
    const echo = echoClient(base, token);
    echoes.push(echo);
    return { echo, socketId: await connected(echo) };
  }

  it('delivers messages, whispers and staff updates between clients of different processes', async () => {
    const [a, b] = bases;
    // The seeded demo client: verified, so it can sign in without the mail round trip.
    const clientToken = await login(a, CLIENT_EMAIL);
    const adminToken = await login(b, ADMIN_EMAIL);
    const room = await post<{ id: number; user_id: number }>(a, '/api/chat/room', {}, clientToken);

    const tab1 = await connect(a, clientToken);
    const tab2 = await connect(b, clientToken);
    const staff = await connect(b, adminToken);
    const heard = [tab1, tab2, staff].map(({ echo }) => {
      const inbox = new Inbox<ChatMessage>();
      echo.private(`chat.${room.id}`).listen('.message.new', (e: { chatMessage: ChatMessage }) => inbox.push(e.chatMessage));
      return inbox;
    });
    const staffUpdates = new Inbox<{ room: { id: number; unread_count: number } }>();
    staff.echo.private('admin.chats').listen('.room.updated', staffUpdates.push);
    const channels = await Promise.all([tab1, tab2, staff].map(({ echo }) => joinPrivate(echo, `chat.${room.id}`)));
    await joinPrivate(staff.echo, 'admin.chats');

    // Sent through process A by tab one: tab two and staff (process B) hear it, tab one does not.
    const question = await post<ChatMessage>(a, `/api/chat/room/${room.id}/message`, { message: 'Question via A' }, clientToken, tab1.socketId);
    expect(await heard[1]!.waitFor(1)).toEqual([question]);
    expect(await heard[2]!.waitFor(1)).toEqual([question]);
    expect((await staffUpdates.waitFor(1))[0]!.room).toMatchObject({ id: room.id, unread_count: 1 });

    // Answered through process B: tab one on process A hears it (and it is its first message).
    const answer = await post<ChatMessage>(b, `/api/chat/room/${room.id}/message`, { message: 'Answer via B' }, adminToken, staff.socketId);
    expect(await heard[0]!.waitFor(1)).toEqual([answer]);

    // A whisper from staff on B reaches the client on A, not staff itself.
    const whispers = [new Inbox<TypingSignal>(), new Inbox<TypingSignal>()];
    channels[0]!.listenForWhisper('typing', whispers[0]!.push);
    channels[2]!.listenForWhisper('typing', whispers[1]!.push);
    channels[2]!.whisper('typing', { user: { id: 1, name: 'Alexandra' }, typing: true });
    expect(await whispers[0]!.waitFor(1)).toEqual([{ user: { id: 1, name: 'Alexandra' }, typing: true }]);
    channels[0]!.whisper('typing', { user: { id: room.user_id, name: 'Rosa' }, typing: true });
    expect(await whispers[1]!.waitFor(1)).toEqual([{ user: { id: room.user_id, name: 'Rosa' }, typing: true }]);
  });
});
