import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Broadcaster, redisBroadcaster } from '../../server/realtime/broadcaster.ts';
import { createHub, type Hub } from '../../server/realtime/hub.ts';
import { channelAuth } from '../../server/realtime/protocol.ts';
import { redisChannelState } from '../../server/realtime/state.ts';
import { createWebhooks, type WebhookEvent, type Webhooks } from '../../server/realtime/webhooks.ts';
import { startRedisServer, type RedisServer } from './redis-server.ts';
import { APP_KEY, Inbox, RawClient } from './realtime-support.ts';

const SECRET = 'redis-lease-secret';
/** Short, so that the test waits a second or two for the dead process's lease to run out. */
const LEASE_MS = 1_200;

/**
 * A hub process that dies without closing its sockets (SIGKILL) must not leave its members online:
 * the other process, sharing real Redis, sees its lease run out, removes its members (member_removed
 * to the channel, the webhook) and vacates the channels only it held.
 */
describe('members of a process that dies, through Redis leases', { timeout: 90_000 }, () => {
  let redis: RedisServer;
  let child: ChildProcess;
  let childPort: number;
  let hub: Hub;
  let broadcaster: Broadcaster;
  let webhooks: Webhooks;
  let server: Server;
  let port: number;
  let client: Redis;
  const hooks = new Inbox<WebhookEvent>();
  const sockets: RawClient[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    client = new Redis(redis.url);
    webhooks = createWebhooks({ key: APP_KEY, secret: SECRET, urls: [], batchMs: 10 });
    webhooks.addReceiver(async (_headers, body) => {
      for (const event of (JSON.parse(body) as { events: WebhookEvent[] }).events) hooks.push(event);
      return 200;
    });
    hub = createHub({ key: APP_KEY, secret: SECRET, state: redisChannelState(client, { leaseMs: LEASE_MS }), webhooks });
    broadcaster = await redisBroadcaster(hub, redis.url);
    server = createServer((_req, res) => res.writeHead(404).end());
    hub.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;

    // Node itself with tsx's loader: the tsx launcher would outlive a SIGKILL in its child.
    child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/redis-hub-process.ts'], {
      env: { ...process.env, REDIS_URL: redis.url, LEASE_MS: String(LEASE_MS), APP_KEY, APP_SECRET: SECRET },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    childPort = await new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const match = /^listening (\d+)$/.exec(line);
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`the hub process exited with ${code} before it listened`)));
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await hub?.close();
    await broadcaster?.close();
    await webhooks?.close();
    client?.disconnect();
    await new Promise((resolve) => server?.close(resolve));
    await redis?.stop();
  });

  async function joinPresence(at: number, channel: string, userId: string) {
    const socket = await RawClient.open(at);
    sockets.push(socket);
    const channelData = JSON.stringify({ user_id: userId, user_info: { name: userId } });
    socket.send({ event: 'pusher:subscribe', data: { channel, channel_data: channelData, auth: channelAuth(APP_KEY, SECRET, socket.socketId, channel, channelData) } });
    await socket.until('pusher_internal:subscription_succeeded');
    return socket;
  }

  it('removes the dead process’s members (member_removed, the webhook) and vacates the channels only it held', async () => {
    const staff = await joinPresence(port, 'presence-admin.chats', 'staff-1');
    await joinPresence(childPort, 'presence-admin.chats', 'staff-2');
    expect(await staff.until('pusher_internal:member_added')).toMatchObject({ data: { user_id: 'staff-2' } });
    // A member on both processes stays: the live process still holds a socket of theirs.
    await joinPresence(childPort, 'presence-admin.chats', 'staff-1');
    await joinPresence(childPort, 'presence-chat.9', 'client-9');
    expect((await hub.state.members('presence-chat.9')).map((m) => m.user_id)).toEqual(['client-9']);

    child.kill('SIGKILL');

    expect(await staff.until('pusher_internal:member_removed')).toMatchObject({ channel: 'presence-admin.chats', data: { user_id: 'staff-2' } });
    const removed = (event: WebhookEvent) => event.name === 'member_removed';
    let seen: WebhookEvent[] = [];
    for (let n = 1; !(seen.filter(removed).length >= 2 && seen.some((e) => e.name === 'channel_vacated')); n++) seen = await hooks.waitFor(n);
    expect(seen.filter(removed)).toEqual(
      expect.arrayContaining([
        { name: 'member_removed', channel: 'presence-admin.chats', user_id: 'staff-2' },
        { name: 'member_removed', channel: 'presence-chat.9', user_id: 'client-9' },
      ]),
    );
    expect(seen).toContainEqual({ name: 'channel_vacated', channel: 'presence-chat.9' });
    expect(seen.filter(removed).some((e) => 'user_id' in e && e.user_id === 'staff-1')).toBe(false);
    expect((await hub.state.members('presence-admin.chats')).map((m) => m.user_id)).toEqual(['staff-1']);
    expect((await hub.state.occupancy()).get('presence-admin.chats')).toBe(1);
    expect((await hub.state.occupancy()).has('presence-chat.9')).toBe(false);
  });

  it('tells a process that stalled past its lease that it was taken out, so that its hub registers its sockets again', async () => {
    const stalled = redisChannelState(client, { processId: 'stalled', leaseMs: 60_000 });
    const watcher = redisChannelState(client, { processId: 'watcher', leaseMs: 60_000 });
    expect((await stalled.maintain!()).revived).toBe(false);
    await stalled.join('presence-desk', { user_id: 'agent-7', user_info: null });
    // Its TTL runs out (as after a pause longer than the lease), without waiting for it.
    await client.del('traderoom:realtime:lease:stalled');
    expect((await watcher.maintain!()).removed).toEqual([{ channel: 'presence-desk', user_id: 'agent-7' }]);
    expect(await watcher.maintain!()).toEqual({ removed: [], vacated: [], revived: false });
    expect((await stalled.maintain!()).revived).toBe(true);
    await stalled.retire!();
    await watcher.retire!();
  });
});
