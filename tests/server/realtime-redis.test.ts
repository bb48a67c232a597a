import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import * as OTPAuth from 'otpauth';
import { DEMO_ADMIN_TOTP_SECRET } from '../../server/db/seed.ts';
import type { ChatMessage, TypingSignal } from '../../contract/chat.ts';
import { startRedisServer, type RedisServer } from './redis-server.ts';
import { ADMIN_EMAIL, CLIENT_EMAIL, DEMO_PASSWORD } from './support.ts';
import { connected, echoClient, Inbox, joinPrivate, pusherOf, type TestEcho } from './realtime-support.ts';

/** The line the server logs once it listens (server/start.ts), with the address it took. */
const LISTENING = /Traderoom is listening on (http:\/\/[^\s"]+)/;

/**
 * Two app processes sharing one database and one Redis (Debian's redis-server, started on a free
 * loopback port in a temp dir): a client connected to one process and staff connected to the
 * other hear each other's messages and whispers.
 *
 * Every wait here is on an event (a line a process prints, a socket event, a message heard), never
 * on a timer, so a loaded machine only makes it slower. The processes do real work (tsx compiles
 * the server, argon2 at production cost seeds and signs in), so the limits below are generous
 * bounds for a loaded 2-core machine, not expected durations.
 */
describe('realtime across two app processes through Redis', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-redis-'));
  const children: ChildProcess[] = [];
  const echoes: TestEcho[] = [];
  let redis: RedisServer | undefined;
  let bases: [string, string];
  let stopping = false;

  // Rejects when something the test relies on goes away (a process exits, a socket drops), so an
  // event that can no longer come fails the test at once with the reason, not at the time limit.
  let raise: (reason: Error) => void = () => {};
  const trouble = new Promise<never>((_, reject) => (raise = reject));
  trouble.catch(() => {});
  // What the test is waiting for, named, so that a failure says which event never came.
  const pending = new Set<string>();
  const until = async <T>(event: Promise<T>, what: string): Promise<T> => {
    pending.add(what);
    try {
      return await Promise.race([event, trouble]);
    } finally {
      pending.delete(what);
    }
  };

  /** Starts `npm start` (the compiled server, scripts/start.mjs) on a port the kernel picks; resolves with its address when it says it listens. */
  function startApp(redisUrl: string): Promise<string> {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(dir, 'shared.sqlite')}`,
        REDIS_URL: redisUrl,
        APP_KEY: 'redis-test-app-key-0123456789abcdef012345',
        SEED_DEMO: '1',
        SKIP_BUILD: '1',
        STATIC_DIR: join(dir, 'no-dist'),
        MAIL_OUTBOX: join(dir, 'mail'),
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      // Read every line (the pipe must be drained for the process to go on logging).
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const listening = LISTENING.exec(line);
        if (listening) resolve(listening[1]!);
      });
      child.once('error', reject);
      child.once('exit', (code) => {
        reject(new Error(`the app exited with ${code} before it listened`));
        if (!stopping) raise(new Error(`an app process exited with ${code}`));
      });
    });
  }

  beforeAll(async () => {
    redis = await startRedisServer();
    // One after the other: the first migrates and seeds the shared database.
    const first = await startApp(redis.url);
    const second = await startApp(redis.url);
    bases = [first, second];
  }, 120_000);

  afterAll(async () => {
    stopping = true;
    for (const echo of echoes) echo.disconnect();
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

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
  const login = async (base: string, email: string) => {
    const first = await post<{ token?: string; two_factor?: true; challenge?: string }>(base, '/api/login', { email, password: DEMO_PASSWORD });
    if (first.token) return first.token;
    // Staff: the second step, with a code from the demo admin's known key (signed in once here).
    const code = OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(DEMO_ADMIN_TOTP_SECRET) });
    return (await post<{ token: string }>(base, '/api/two-factor-challenge', { challenge: first.challenge, code })).token;
  };
  async function connect(base: string, token: string) {
    const echo = echoClient(base, token);
    echoes.push(echo);
    const socketId = await until(connected(echo), `a socket to ${base}`);
    pusherOf(echo).connection.bind('state_change', ({ current }: { current: string }) => {
      if (!stopping && current !== 'connected') raise(new Error(`socket ${socketId} on ${base} went ${current}`));
    });
    return { echo, socketId };
  }

  it('delivers messages, whispers and staff updates between clients of different processes', async () => {
    onTestFailed(() => console.error(`realtime-redis: still waiting for ${[...pending].join(', ') || 'nothing'}`));
    const [a, b] = bases;
    // The seeded demo client: verified, so it can sign in without the mail round trip.
    const clientToken = await until(login(a, CLIENT_EMAIL), 'the client to sign in');
    const adminToken = await until(login(b, ADMIN_EMAIL), 'staff to sign in');
    const room = await until(post<{ id: number; user_id: number }>(a, '/api/chat/room', {}, clientToken), 'the room');

    const tab1 = await connect(a, clientToken);
    const tab2 = await connect(b, clientToken);
    const staff = await connect(b, adminToken);
    const heard = [tab1, tab2, staff].map(({ echo }) => {
      const inbox = new Inbox<ChatMessage>();
      echo.private(`chat.${room.id}`).listen('.message.new', (e: { chatMessage: ChatMessage }) => inbox.push(e.chatMessage));
      return inbox;
    });
    const staffUpdates = new Inbox<{ room: { id: number; unread_count: number } }>();
    // Every subscription's success is awaited from before it can arrive: listening on a channel
    // subscribes at once, so a "subscribed" callback bound after another await could miss it (under
    // load it did, and the test waited for ever).
    const joined = Promise.all([
      Promise.all([tab1, tab2, staff].map(({ echo }) => joinPrivate(echo, `chat.${room.id}`))),
      joinPrivate(staff.echo, 'admin.chats'),
    ]);
    staff.echo.private('admin.chats').listen('.room.updated', staffUpdates.push);
    const [channels] = await until(joined, 'the subscriptions to the room and to the staff channel');

    // Sent through process A by tab one: tab two and staff (process B) hear it, tab one does not.
    const question = await until(
      post<ChatMessage>(a, `/api/chat/room/${room.id}/message`, { message: 'Question via A' }, clientToken, tab1.socketId),
      'the question to be stored',
    );
    expect(await until(heard[1]!.waitFor(1), 'tab two (B) to hear the question')).toEqual([question]);
    expect(await until(heard[2]!.waitFor(1), 'staff (B) to hear the question')).toEqual([question]);
    expect((await until(staffUpdates.waitFor(1), 'the staff room update'))[0]!.room).toMatchObject({ id: room.id, unread_count: 1 });

    // Answered through process B: tab one on process A hears it (and it is its first message).
    const answer = await until(
      post<ChatMessage>(b, `/api/chat/room/${room.id}/message`, { message: 'Answer via B' }, adminToken, staff.socketId),
      'the answer to be stored',
    );
    expect(await until(heard[0]!.waitFor(1), 'tab one (A) to hear the answer')).toEqual([answer]);

    // A whisper from staff on B reaches the client on A, not staff itself.
    const whispers = [new Inbox<TypingSignal>(), new Inbox<TypingSignal>()];
    channels[0]!.listenForWhisper('typing', whispers[0]!.push);
    channels[2]!.listenForWhisper('typing', whispers[1]!.push);
    channels[2]!.whisper('typing', { user: { id: 1, name: 'Alexandra' }, typing: true });
    expect(await until(whispers[0]!.waitFor(1), 'the client (A) to hear the staff whisper')).toEqual([{ user: { id: 1, name: 'Alexandra' }, typing: true }]);
    channels[0]!.whisper('typing', { user: { id: room.user_id, name: 'Rosa' }, typing: true });
    expect(await until(whispers[1]!.waitFor(1), 'staff (B) to hear the client whisper')).toEqual([{ user: { id: room.user_id, name: 'Rosa' }, typing: true }]);
  });
});
