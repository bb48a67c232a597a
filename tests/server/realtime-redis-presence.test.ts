import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Broadcaster, redisBroadcaster } from '../../server/realtime/broadcaster.ts';
import { createHub, type Hub } from '../../server/realtime/hub.ts';
import { channelAuth } from '../../server/realtime/protocol.ts';
import { redisChannelState } from '../../server/realtime/state.ts';
import { startRedisServer, type RedisServer } from './redis-server.ts';
import { APP_KEY, RawClient } from './realtime-support.ts';

const SECRET = 'redis-presence-secret';

/**
 * Two hubs, as two app processes, sharing one Redis (Debian's redis-server on a free loopback port):
 * a presence channel's members, member_added/removed once per user, occupancy for the HTTP API and
 * terminate_connections hold across both.
 */
describe('presence and occupancy across processes through Redis', { timeout: 60_000 }, () => {
  let redis: RedisServer;
  const processes: Array<{ hub: Hub; broadcaster: Broadcaster; server: Server; port: number; client: Redis }> = [];
  const sockets: RawClient[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    for (let i = 0; i < 2; i++) {
      const client = new Redis(redis.url);
      const hub = createHub({ key: APP_KEY, secret: SECRET, state: redisChannelState(client) });
      const broadcaster = await redisBroadcaster(hub, redis.url);
      const server = createServer((_req, res) => res.writeHead(404).end());
      hub.attach(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      processes.push({ hub, broadcaster, server, client, port: (server.address() as AddressInfo).port });
    }
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    for (const { hub, broadcaster, server, client } of processes) {
      await hub.close();
      await broadcaster.close();
      client.disconnect();
      await new Promise((resolve) => server.close(resolve));
    }
    await redis?.stop();
  });

  async function open(process: 0 | 1): Promise<RawClient> {
    const socket = await RawClient.open(processes[process]!.port);
    sockets.push(socket);
    return socket;
  }

  async function joinPresence(socket: RawClient, channel: string, userId: string) {
    const channelData = JSON.stringify({ user_id: userId, user_info: { name: userId } });
    socket.send({ event: 'pusher:subscribe', data: { channel, channel_data: channelData, auth: channelAuth(APP_KEY, SECRET, socket.socketId, channel, channelData) } });
    return (await socket.until('pusher_internal:subscription_succeeded')).data as { presence: { ids: string[]; count: number } };
  }

  it('lists members of both processes, adds a user once and removes them with their last socket', async () => {
    const channel = 'presence-support';
    const staff = await open(0);
    expect((await joinPresence(staff, channel, 'staff-1')).presence).toMatchObject({ ids: ['staff-1'], count: 1 });
    const clientTab1 = await open(1);
    expect((await joinPresence(clientTab1, channel, 'client-7')).presence.ids.sort()).toEqual(['client-7', 'staff-1']);
    expect(await staff.until('pusher_internal:member_added')).toMatchObject({ channel, data: { user_id: 'client-7' } });
    const clientTab2 = await open(0);
    await joinPresence(clientTab2, channel, 'client-7');
    clientTab1.close();
    await clientTab1.closed;
    clientTab2.close();
    // The only member_added and member_removed staff hear are for client-7's first and last socket.
    expect(await staff.until('pusher_internal:member_removed')).toMatchObject({ data: { user_id: 'client-7' } });
    expect(staff.frames.filter((f) => f.event === 'pusher_internal:member_added')).toHaveLength(1);
    expect(await processes[1]!.hub.state.members(channel)).toEqual([{ user_id: 'staff-1', user_info: { name: 'staff-1' } }]);
  });

  it('counts a channel occupied by sockets on either process, and terminates a user on both', async () => {
    const [a, b] = [await open(0), await open(1)];
    for (const socket of [a, b]) {
      socket.send({ event: 'pusher:subscribe', data: { channel: 'prices' } });
      await socket.until('pusher_internal:subscription_succeeded');
    }
    expect((await processes[0]!.hub.state.occupancy()).get('prices')).toBe(2);
    const [x, y] = [await open(0), await open(1)];
    for (const socket of [x, y]) {
      const userData = JSON.stringify({ id: 'blocked-user' });
      const auth = `${APP_KEY}:${createHmac('sha256', SECRET).update(`${socket.socketId}::user::${userData}`).digest('hex')}`;
      socket.send({ event: 'pusher:signin', data: { user_data: userData, auth } });
      await socket.until('pusher:signin_success');
    }
    await processes[0]!.broadcaster.terminateUser('blocked-user');
    expect((await x.closed).code).toBe(4009);
    expect((await y.closed).code).toBe(4009);
  });
});
