import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BroadcastRejected, localBroadcaster } from '../../server/realtime/broadcaster.ts';
import { createHub, type Hub, type HubOptions } from '../../server/realtime/hub.ts';
import { channelAuth, MAX_DATA_BYTES } from '../../server/realtime/protocol.ts';
import { APP_KEY, RawClient, upgradeAnswer } from './realtime-support.ts';

const SECRET = 'hub-test-secret';

/** The hub alone on a plain HTTP server: the protocol, without the app around it. */
async function startHub(options: Partial<HubOptions> = {}): Promise<{ hub: Hub; server: Server; port: number }> {
  const hub = createHub({ key: APP_KEY, secret: SECRET, ...options });
  const server = createServer((_req, res) => res.writeHead(404).end());
  hub.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { hub, server, port: (server.address() as AddressInfo).port };
}

const running: Array<{ hub: Hub; server: Server }> = [];
const clients: RawClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const { hub, server } of running.splice(0)) {
    await hub.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function setup(options: Partial<HubOptions> = {}) {
  const started = await startHub(options);
  running.push(started);
  const open = async () => {
    const client = await RawClient.open(started.port);
    clients.push(client);
    return client;
  };
  return { ...started, open };
}

async function subscribePrivate(client: RawClient, channel: string) {
  client.send({ event: 'pusher:subscribe', data: { channel, auth: channelAuth(APP_KEY, SECRET, client.socketId, channel) } });
  return client.until('pusher_internal:subscription_succeeded');
}

describe('realtime hub, Pusher protocol 7', () => {
  it('greets a connection with its socket id and an activity timeout of 30 seconds', async () => {
    const { port } = await setup();
    const client = await RawClient.open(port);
    clients.push(client);
    expect(client.frames[0]).toMatchObject({ event: 'pusher:connection_established' });
    expect(client.frames[0]!.data).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 30 });
  });

  it('refuses an unknown app key with 4001', async () => {
    const { port } = await setup();
    const client = await RawClient.open(port, 'wrong-key');
    expect(client.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4001 } });
    expect((await client.closed).code).toBe(4001);
  });

  it('answers an upgrade of any other path with 404', async () => {
    const { port } = await setup();
    const { WebSocket } = await import('ws');
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/elsewhere`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => {});
    });
    expect(status).toBe(404);
  });

  it('answers a ping with a pong', async () => {
    const { open } = await setup();
    const client = await open();
    client.send({ event: 'pusher:ping', data: {} });
    expect((await client.next()).event).toBe('pusher:pong');
  });

  it('pings a silent client and closes with 4201 when no pong comes', async () => {
    const { open } = await setup({ activityTimeoutMs: 100, pongTimeoutMs: 100 });
    const client = await open();
    expect((await client.next()).event).toBe('pusher:ping');
    expect((await client.closed).code).toBe(4201);
  });

  it('keeps a client that answers the ping', async () => {
    const { hub, open } = await setup({ activityTimeoutMs: 100, pongTimeoutMs: 150 });
    const client = await open();
    for (let i = 0; i < 3; i++) {
      await client.until('pusher:ping');
      client.send({ event: 'pusher:pong', data: {} });
    }
    expect(hub.stats().connections).toBe(1);
  });

  it('subscribes to a public channel without auth and delivers server events with the data as JSON text', async () => {
    const { hub, open } = await setup();
    const client = await open();
    client.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    await client.until('pusher_internal:subscription_succeeded');
    await localBroadcaster(hub).publish('news', 'headline', { text: 'hello' });
    const frame = await client.until('headline');
    expect(frame).toEqual({ event: 'headline', channel: 'news', data: { text: 'hello' } });
  });

  it('refuses a private channel with a wrong or missing signature', async () => {
    const { open } = await setup();
    const client = await open();
    const other = await open();
    // A signature made for another socket is worthless on this one.
    client.send({ event: 'pusher:subscribe', data: { channel: 'private-chat.1', auth: channelAuth(APP_KEY, SECRET, other.socketId, 'private-chat.1') } });
    expect(await client.next()).toMatchObject({ event: 'pusher:subscription_error', channel: 'private-chat.1', data: { status: 401 } });
    client.send({ event: 'pusher:subscribe', data: { channel: 'private-chat.1' } });
    expect(await client.next()).toMatchObject({ event: 'pusher:subscription_error', data: { status: 401 } });
  });

  it('refuses channel names over 164 characters or with other characters, naming the channel', async () => {
    const { open } = await setup();
    const client = await open();
    for (const channel of ['a'.repeat(165), 'chat room', 'chat/1', '', '#server-to-user-1']) {
      client.send({ event: 'pusher:subscribe', data: { channel } });
      expect(await client.next()).toMatchObject({ event: 'pusher:subscription_error', channel, data: { type: 'InvalidChannel', status: 4302 } });
    }
    client.send({ event: 'pusher:subscribe', data: { channel: 42 } });
    expect(await client.next()).toMatchObject({ event: 'pusher:error', data: { code: 4302 } });
    client.send({ event: 'pusher:subscribe', data: { channel: `a_-=@,.;${'b'.repeat(156)}` } });
    expect((await client.next()).event).toBe('pusher_internal:subscription_succeeded');
  });

  it('relays a client event to the other subscribers, never back to its sender', async () => {
    const { open } = await setup();
    const [alice, bob, carol] = [await open(), await open(), await open()];
    for (const client of [alice, bob, carol]) await subscribePrivate(client, 'private-chat.7');
    alice.send({ event: 'client-typing', channel: 'private-chat.7', data: { typing: true } });
    expect(await bob.until('client-typing')).toEqual({ event: 'client-typing', channel: 'private-chat.7', data: { typing: true } });
    expect(await carol.until('client-typing')).toMatchObject({ data: { typing: true } });
    // Alice's next frame is Bob's answer, not her own event echoed.
    bob.send({ event: 'client-typing', channel: 'private-chat.7', data: { typing: false } });
    expect(await alice.next()).toMatchObject({ event: 'client-typing', data: { typing: false } });
  });

  it('accepts client events only on private channels the sender has joined', async () => {
    const { open } = await setup();
    const client = await open();
    client.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    await client.until('pusher_internal:subscription_succeeded');
    client.send({ event: 'client-typing', channel: 'news', data: {} });
    expect(await client.next()).toMatchObject({ event: 'pusher:error', data: { code: 4009 } });
    client.send({ event: 'client-typing', channel: 'private-chat.9', data: {} });
    expect(await client.next()).toMatchObject({ event: 'pusher:error', data: { code: 4009 } });
  });

  it('drops a client event past 10 a second with pusher:error 4301 and keeps the socket open', async () => {
    const { open } = await setup();
    const [sender, listener] = [await open(), await open()];
    await subscribePrivate(sender, 'private-chat.3');
    await subscribePrivate(listener, 'private-chat.3');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 12; i++) sender.send({ event: 'client-typing', channel: 'private-chat.3', data: { i } });
      const refusals = [await sender.until('pusher:error'), await sender.until('pusher:error')];
      for (const refusal of refusals) {
        expect(refusal.data).toEqual({ code: 4301, message: 'Client event client-typing dropped: at most 10 client events a second' });
      }
      // A second later the sender may speak again, on the same socket.
      vi.setSystemTime(Date.now() + 1000);
      sender.send({ event: 'client-typing', channel: 'private-chat.3', data: { i: 'later' } });
      // Delivery keeps order: once the later event is in, everything before it is too.
      while (((await listener.until('client-typing')).data as { i: unknown }).i !== 'later');
      const delivered = listener.frames.filter((f) => f.event === 'client-typing').map((f) => (f.data as { i: unknown }).i);
      expect(delivered).toEqual([...Array.from({ length: 10 }, (_, i) => i), 'later']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses client event data over 10 KB and delivers data up to it', async () => {
    const { open } = await setup();
    const [sender, listener] = [await open(), await open()];
    await subscribePrivate(sender, 'private-chat.4');
    await subscribePrivate(listener, 'private-chat.4');
    const filler = (bytes: number) => 'x'.repeat(bytes - JSON.stringify({ t: '' }).length);
    sender.send({ event: 'client-big', channel: 'private-chat.4', data: { t: filler(MAX_DATA_BYTES + 1) } });
    expect(await sender.next()).toMatchObject({ event: 'pusher:error', data: { code: 4302 } });
    sender.send({ event: 'client-big', channel: 'private-chat.4', data: { t: filler(MAX_DATA_BYTES) } });
    const frame = await listener.until('client-big');
    expect((frame.data as { t: string }).t.length).toBe(filler(MAX_DATA_BYTES).length);
    expect(listener.frames.filter((f) => f.event === 'client-big')).toHaveLength(1);
  });

  it('refuses a server event over 10 KB or on a bad channel name', async () => {
    const { hub } = await setup();
    const broadcaster = localBroadcaster(hub);
    await expect(broadcaster.publish('news', 'big', { t: 'x'.repeat(MAX_DATA_BYTES) })).rejects.toBeInstanceOf(BroadcastRejected);
    await expect(broadcaster.publish('bad name', 'e', {})).rejects.toBeInstanceOf(BroadcastRejected);
  });

  it('stops delivering to a client after it unsubscribes', async () => {
    const { hub, open } = await setup();
    const client = await open();
    client.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    await client.until('pusher_internal:subscription_succeeded');
    client.send({ event: 'pusher:unsubscribe', data: { channel: 'news' } });
    client.send({ event: 'pusher:ping', data: {} });
    await client.until('pusher:pong');
    expect(hub.stats()).toEqual({ connections: 1, channels: 0, subscriptions: 0 });
  });

  it('refuses an upgrade whose path is not valid percent-encoding with 400, and keeps serving', async () => {
    const { port, open } = await setup();
    for (const key of ['%E0%A4%A', '%', '%ZZ']) {
      const answer = await upgradeAnswer(port, `/app/${key}?protocol=7`);
      expect(answer, key).toEqual({ status: 400, body: JSON.stringify({ message: 'The app key in the path is not valid percent-encoding.' }) });
    }
    const client = await open();
    expect(client.socketId).toMatch(/^\d+\.\d+$/);
  });

  it('lets in the allowed origins and upgrades without an Origin, and refuses other origins with 403', async () => {
    const { port } = await setup({ allowedOrigins: ['https://traderoom.example', 'http://localhost:5173'] });
    const path = `/app/${APP_KEY}?protocol=7`;
    for (const origin of ['https://traderoom.example', 'HTTPS://Traderoom.Example:443', 'http://localhost:5173']) {
      expect((await upgradeAnswer(port, path, { origin })).status, origin).toBe(101);
    }
    expect((await upgradeAnswer(port, path)).status).toBe(101);
    for (const origin of ['https://evil.example', 'http://traderoom.example', 'null', 'not a url']) {
      expect(await upgradeAnswer(port, path, { origin }), origin).toEqual({ status: 403, body: JSON.stringify({ message: 'This origin may not connect.' }) });
    }
  });

  it('refuses a connection over the per-address cap with 4100 and admits one again when a socket closes', async () => {
    const { open, port } = await setup({ maxConnectionsPerAddress: 2 });
    const [first] = [await open(), await open()];
    const third = await RawClient.open(port);
    clients.push(third);
    expect(third.frames[0]).toEqual({ event: 'pusher:error', data: { code: 4100, message: 'Over capacity: at most 2 connections from one address' } });
    expect((await third.closed).code).toBe(4100);
    first!.close();
    await first!.closed;
    const again = await open();
    expect(again.frames[0]!.event).toBe('pusher:connection_established');
  });

  it('refuses a subscription over the per-socket channel cap with a subscription_error naming the channel', async () => {
    const { open } = await setup({ maxChannelsPerConnection: 2 });
    const client = await open();
    for (const channel of ['news', 'calendar']) {
      client.send({ event: 'pusher:subscribe', data: { channel } });
      await client.until('pusher_internal:subscription_succeeded');
    }
    client.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    expect(await client.next()).toMatchObject({ event: 'pusher_internal:subscription_succeeded', channel: 'news' });
    client.send({ event: 'pusher:subscribe', data: { channel: 'third' } });
    expect(await client.next()).toEqual({
      event: 'pusher:subscription_error',
      channel: 'third',
      data: { type: 'LimitReached', error: 'Subscription to third refused: at most 2 channels on one connection', status: 4100 },
    });
    client.send({ event: 'pusher:unsubscribe', data: { channel: 'news' } });
    client.send({ event: 'pusher:subscribe', data: { channel: 'third' } });
    expect(await client.next()).toMatchObject({ event: 'pusher_internal:subscription_succeeded', channel: 'third' });
  });

  it('refuses a new member over the presence cap with a LimitReached naming the channel; a known member\'s next tab is let in', async () => {
    const { open } = await setup({ maxPresenceMembers: 2 });
    const join = (client: RawClient, userId: string) => {
      const channelData = JSON.stringify({ user_id: userId });
      client.send({ event: 'pusher:subscribe', data: { channel: 'presence-room', channel_data: channelData, auth: channelAuth(APP_KEY, SECRET, client.socketId, 'presence-room', channelData) } });
      return client.next();
    };
    expect((await join(await open(), 'a')).event).toBe('pusher_internal:subscription_succeeded');
    expect((await join(await open(), 'b')).event).toBe('pusher_internal:subscription_succeeded');
    expect(await join(await open(), 'c')).toEqual({
      event: 'pusher:subscription_error',
      channel: 'presence-room',
      data: { type: 'LimitReached', error: 'Subscription to presence-room refused: at most 2 members on a presence channel', status: 4100 },
    });
    expect(await join(await open(), 'a')).toMatchObject({ event: 'pusher_internal:subscription_succeeded', data: { presence: { count: 2 } } });
  });

  it('closes only the socket whose message the hub failed on (1011); others stay served', async () => {
    const errors: object[] = [];
    const { open } = await setup({
      relay: () => {
        throw new Error('relay broke');
      },
      log: { warn: () => {}, error: (obj) => void errors.push(obj) },
    });
    const [sender, bystander] = [await open(), await open()];
    await subscribePrivate(sender, 'private-chat.5');
    sender.send({ event: 'client-typing', channel: 'private-chat.5', data: {} });
    expect((await sender.closed).code).toBe(1011);
    bystander.send({ event: 'pusher:ping', data: {} });
    expect((await bystander.next()).event).toBe('pusher:pong');
    expect(errors).toHaveLength(1);
  });

  it('closes every socket with 4200 on shutdown, so that clients reconnect at once', async () => {
    const { hub, open } = await setup();
    const [a, b] = [await open(), await open()];
    await hub.close();
    expect((await a.closed).code).toBe(4200);
    expect((await b.closed).code).toBe(4200);
  });
});
