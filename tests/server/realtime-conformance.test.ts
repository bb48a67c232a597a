import { createHash, createHmac } from 'node:crypto';
import Echo from 'laravel-echo';
import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Inbox, RawClient } from './realtime-support.ts';
import { client, connectedPusher, sdk, subscribed, type Target, startTarget } from './realtime-conformance-support.ts';

/**
 * Pusher Channels compatibility, checked with the official clients: pusher-js, laravel-echo and the
 * `pusher` server SDK. Runs against the app's own hub by default, or against any Pusher-compatible
 * server named by CONFORMANCE_URL (see realtime-conformance-support.ts and docs/realtime.md).
 */
describe('Pusher Channels conformance', { timeout: 30_000 }, () => {
  let target: Target;
  const clients: Pusher[] = [];
  const raws: RawClient[] = [];
  let sequence = 0;
  /** A channel name no other test uses (webhooks and occupancy are per channel). */
  const fresh = (prefix: string) => `${prefix}conf-${process.pid}-${Date.now()}-${++sequence}`;

  beforeAll(async () => {
    target = await startTarget();
  });
  afterEach(() => {
    for (const pusher of clients.splice(0)) pusher.disconnect();
    for (const raw of raws.splice(0)) raw.close();
  });
  afterAll(() => target.close());

  async function connect(user?: { id: string; info?: Record<string, unknown> }): Promise<Pusher> {
    const pusher = client(target, user);
    clients.push(pusher);
    await connectedPusher(pusher);
    return pusher;
  }

  async function raw(): Promise<RawClient> {
    const socket = await RawClient.open(target.port, target.key);
    raws.push(socket);
    return socket;
  }

  function received<T = unknown>(channel: { bind(event: string, callback: (data: T, meta?: { user_id?: string }) => void): unknown }, event: string) {
    const inbox = new Inbox<{ data: T; meta?: { user_id?: string } }>();
    channel.bind(event, (data: T, meta?: { user_id?: string }) => inbox.push({ data, ...(meta ? { meta } : {}) }));
    return inbox;
  }

  /** A request signed as Pusher documents it, with parts to spoil. */
  async function signedRequest(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    spoil: { secret?: string; key?: string; timestamp?: number; bodyMd5?: string; version?: string; params?: Record<string, string> } = {},
  ) {
    const text = body === undefined ? '' : JSON.stringify(body);
    const params: Record<string, string> = {
      auth_key: spoil.key ?? target.key,
      auth_timestamp: String(spoil.timestamp ?? Math.floor(Date.now() / 1000)),
      auth_version: spoil.version ?? '1.0',
      ...(text ? { body_md5: spoil.bodyMd5 ?? createHash('md5').update(text).digest('hex') } : {}),
      ...spoil.params,
    };
    const fullPath = `/apps/${target.appId}${path}`;
    const query = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const signature = createHmac('sha256', spoil.secret ?? target.secret)
      .update(`${method}\n${fullPath}\n${query}`)
      .digest('hex');
    const response = await fetch(`${target.base}${fullPath}?${query}&auth_signature=${signature}`, {
      method,
      ...(text ? { body: text, headers: { 'content-type': 'application/json' } } : {}),
    });
    const answer = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(answer);
    } catch {
      // Pusher answers some refusals as text
    }
    return { status: response.status, json, text: answer };
  }

  /** Waits for a webhook carrying an event that matches; checks each request's signature with the SDK. */
  async function webhookEvent(match: (event: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    for (let seen = 1; ; seen++) {
      const requests = await target.webhooks.waitFor(seen);
      const request = requests[seen - 1]!;
      const hook = sdk(target).webhook({ headers: request.headers as Record<string, string>, rawBody: request.rawBody });
      expect(hook.isValid()).toBe(true);
      const found = (hook.getEvents() as unknown as Array<Record<string, unknown>>).find(match);
      if (found) return found;
    }
  }

  describe('channels', () => {
    it('public: pusher-js subscribes without auth and receives what the SDK triggers', async () => {
      const name = fresh('');
      const channel = await subscribed(await connect(), name);
      const inbox = received(channel, 'greeting');
      await sdk(target).trigger(name, 'greeting', { text: 'hello' });
      expect((await inbox.waitFor(1))[0]!.data).toEqual({ text: 'hello' });
    });

    it('private: a channel signed by the SDK is joined; a refused authorisation fires the error callback', async () => {
      const pusher = await connect();
      const name = fresh('private-');
      const channel = await subscribed(pusher, name);
      const inbox = received(channel, 'secret');
      await sdk(target).trigger(name, 'secret', { n: 1 });
      expect((await inbox.waitFor(1))[0]!.data).toEqual({ n: 1 });
      await expect(subscribed(pusher, fresh('private-forbidden-'))).rejects.toMatchObject({ data: { type: 'AuthError' } });
    });

    it('private: a signature made for another socket is refused with a subscription_error naming the channel', async () => {
      const [a, b] = [await raw(), await raw()];
      const name = fresh('private-');
      const { auth } = sdk(target).authorizeChannel(b.socketId, name);
      a.send({ event: 'pusher:subscribe', data: { channel: name, auth } });
      expect(await a.until('pusher:subscription_error')).toMatchObject({ channel: name });
    });

    it('presence: members on joining, member_added and member_removed once per user, not per socket', async () => {
      const name = fresh('presence-');
      const alice = await connect({ id: 'alice', info: { name: 'Alice' } });
      const aliceChannel = await subscribed(alice, name);
      const added = received<{ id: string; info: unknown }>(aliceChannel, 'pusher:member_added');
      const removed = received<{ id: string }>(aliceChannel, 'pusher:member_removed');
      const bob1 = await connect({ id: 'bob', info: { name: 'Bob' } });
      const bobChannel = await subscribed(bob1, name);
      expect((bobChannel as unknown as { members: { count: number; me: { id: string } } }).members.count).toBe(2);
      expect((await added.waitFor(1))[0]!.data).toEqual({ id: 'bob', info: { name: 'Bob' } });
      // Bob's second tab: no second member_added; its leaving removes no one.
      const bob2 = await connect({ id: 'bob', info: { name: 'Bob' } });
      await subscribed(bob2, name);
      bob2.disconnect();
      const carol = await connect({ id: 'carol' });
      await subscribed(carol, name);
      expect((await added.waitFor(2)).map((e) => e.data.id)).toEqual(['bob', 'carol']);
      bob1.disconnect();
      expect((await removed.waitFor(1))[0]!.data).toMatchObject({ id: 'bob' });
      carol.disconnect();
      expect((await removed.waitFor(2)).map((e) => e.data.id)).toEqual(['bob', 'carol']);
    });

    it('presence: a subscription without channel_data is refused, naming the channel', async () => {
      const socket = await raw();
      const name = fresh('presence-');
      const { auth } = sdk(target).authorizeChannel(socket.socketId, name);
      socket.send({ event: 'pusher:subscribe', data: { channel: name, auth } });
      expect(await socket.until('pusher:subscription_error')).toMatchObject({ channel: name });
    });

    it('encrypted: pusher-js decrypts what the SDK encrypts with the master key; the hub carries only ciphertext', async () => {
      const name = fresh('private-encrypted-');
      const channel = await subscribed(await connect(), name);
      const inbox = received(channel, 'sealed');
      const socket = await raw();
      socket.send({ event: 'pusher:subscribe', data: { channel: name, ...sdk(target).authorizeChannel(socket.socketId, name) } });
      await socket.until('pusher_internal:subscription_succeeded');
      await sdk(target).trigger(name, 'sealed', { card: '4111' });
      expect((await inbox.waitFor(1))[0]!.data).toEqual({ card: '4111' });
      const wire = await socket.until('sealed');
      expect(Object.keys(wire.data as object).sort()).toEqual(['ciphertext', 'nonce']);
      expect(JSON.stringify(wire.data)).not.toContain('4111');
    });

    it('cache (an extra of the protocol): a cache_miss on an empty channel, then the last event to each new subscriber', async () => {
      const name = fresh('cache-');
      const first = await connect();
      const channel = first.subscribe(name);
      const misses = received(channel, 'pusher:cache_miss');
      await misses.waitFor(1);
      const heard = received(channel, 'quote');
      await sdk(target).trigger(name, 'quote', { price: 1 });
      await sdk(target).trigger(name, 'quote', { price: 2 });
      // Once the first subscriber has both, the server has the second as its last.
      await heard.waitFor(2);
      const late = (await connect()).subscribe(name);
      const quotes = received(late, 'quote');
      expect((await quotes.waitFor(1))[0]!.data).toEqual({ price: 2 });
    });

    it('laravel-echo: private listen and whisper, presence here/joining/leaving', async () => {
      const echoFor = (id: string) => {
        const pusher = client(target, { id, info: { name: id } });
        clients.push(pusher);
        return new Echo({ broadcaster: 'pusher', client: pusher } as never) as Echo<'pusher'>;
      };
      const [anna, boris] = [echoFor('anna'), echoFor('boris')];
      const room = fresh('room-');
      const heard = new Inbox<unknown>();
      const whispers = new Inbox<unknown>();
      const annaChannel = anna.private(room);
      annaChannel.listen('.note', (e: unknown) => heard.push(e)).listenForWhisper('typing', (e: unknown) => whispers.push(e));
      await new Promise<void>((resolve) => annaChannel.subscribed(() => resolve()));
      const borisChannel = boris.private(room);
      await new Promise<void>((resolve) => borisChannel.subscribed(() => resolve()));
      borisChannel.whisper('typing', { typing: true });
      expect(await whispers.waitFor(1)).toEqual([{ typing: true }]);
      await sdk(target).trigger(`private-${room}`, 'note', { a: 1 });
      expect(await heard.waitFor(1)).toEqual([{ a: 1 }]);

      const lobby = fresh('lobby-');
      const here = new Inbox<Array<{ name: string }>>();
      const joining = new Inbox<{ name: string }>();
      const leaving = new Inbox<{ name: string }>();
      anna.join(lobby).here((members: Array<{ name: string }>) => here.push(members)).joining((m: { name: string }) => joining.push(m)).leaving((m: { name: string }) => leaving.push(m));
      expect((await here.waitFor(1))[0]).toEqual([{ name: 'anna' }]);
      boris.join(lobby);
      expect(await joining.waitFor(1)).toEqual([{ name: 'boris' }]);
      boris.leave(lobby);
      expect(await leaving.waitFor(1)).toEqual([{ name: 'boris' }]);
    });
  });

  describe('client events', () => {
    it('reach the other subscribers of a private or presence channel, on presence with the sender’s user_id', async () => {
      for (const prefix of ['private-', 'presence-']) {
        const name = fresh(prefix);
        const sender = await subscribed(await connect({ id: 'sender' }), name);
        const listener = await subscribed(await connect({ id: 'listener' }), name);
        const inbox = received(listener, 'client-ping');
        sender.trigger('client-ping', { n: 1 });
        const [event] = await inbox.waitFor(1);
        expect(event!.data).toEqual({ n: 1 });
        if (prefix === 'presence-') expect(event!.meta).toEqual({ user_id: 'sender' });
      }
    });

    it('are refused on public and encrypted channels and on channels not joined, with the socket kept', async () => {
      const socket = await raw();
      const name = fresh('');
      socket.send({ event: 'pusher:subscribe', data: { channel: name } });
      await socket.until('pusher_internal:subscription_succeeded');
      const encrypted = fresh('private-encrypted-');
      socket.send({ event: 'pusher:subscribe', data: { channel: encrypted, ...sdk(target).authorizeChannel(socket.socketId, encrypted) } });
      await socket.until('pusher_internal:subscription_succeeded');
      for (const channel of [name, encrypted, fresh('private-')]) {
        socket.send({ event: 'client-x', channel, data: {} });
        expect((await socket.until('pusher:error')).data).toMatchObject({ code: expect.any(Number) });
      }
      socket.send({ event: 'pusher:ping', data: {} });
      await socket.until('pusher:pong');
    });
  });

  describe('user sign-in and user channels', () => {
    it('signs in with the SDK’s user authentication and receives sendToUser on every socket of the user', async () => {
      const [one, two] = [await connect({ id: 'signed-user' }), await connect({ id: 'signed-user' })];
      const inboxes = [one, two].map((pusher) => {
        const inbox = new Inbox<unknown>();
        pusher.user.bind('notice', (data: unknown) => inbox.push(data));
        pusher.signin();
        return inbox;
      });
      await Promise.all([one, two].map((pusher) => pusher.user.signinDonePromise));
      await sdk(target).sendToUser('signed-user', 'notice', { hello: 'you' });
      for (const inbox of inboxes) expect(await inbox.waitFor(1)).toEqual([{ hello: 'you' }]);
    });

    it('refuses a sign-in whose user_data has no id, or whose signature is not the app’s', async () => {
      const socket = await raw();
      const userData = JSON.stringify({ name: 'no id' });
      const auth = `${target.key}:${createHmac('sha256', target.secret).update(`${socket.socketId}::user::${userData}`).digest('hex')}`;
      socket.send({ event: 'pusher:signin', data: { user_data: userData, auth } });
      expect(await socket.until('pusher:error')).toMatchObject({ event: 'pusher:error' });
      const signed = sdk(target, { secret: 'wrong' }).authenticateUser(socket.socketId, { id: 'x' });
      socket.send({ event: 'pusher:signin', data: signed });
      expect(await socket.until('pusher:error')).toMatchObject({ event: 'pusher:error' });
    });

    it('terminate_connections closes every socket signed in as the user, and no other', async () => {
      const [a, b, other] = [await raw(), await raw(), await raw()];
      for (const [socket, id] of [[a, 'leaver'], [b, 'leaver'], [other, 'stayer']] as const) {
        socket.send({ event: 'pusher:signin', data: sdk(target).authenticateUser(socket.socketId, { id }) });
        await socket.until('pusher:signin_success');
      }
      await sdk(target).terminateUserConnections('leaver');
      expect((await a.closed).code).toBeGreaterThanOrEqual(4000);
      expect((await b.closed).code).toBeGreaterThanOrEqual(4000);
      other.send({ event: 'pusher:ping', data: {} });
      await other.until('pusher:pong');
    });
  });

  describe('HTTP API', () => {
    it('trigger, leaving out socket_id; batch_events to several channels', async () => {
      const name = fresh('');
      const [sender, listener] = [await connect(), await connect()];
      const senderInbox = received(await subscribed(sender, name), 'e');
      const listenerInbox = received(await subscribed(listener, name), 'e');
      await sdk(target).trigger(name, 'e', { n: 1 }, { socket_id: sender.connection.socket_id });
      await sdk(target).triggerBatch([
        { channel: name, name: 'e', data: { n: 2 } },
        { channel: name, name: 'e', data: { n: 3 } },
      ]);
      expect((await listenerInbox.waitFor(3)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect((await senderInbox.waitFor(2)).map((e) => e.data)).toEqual([{ n: 2 }, { n: 3 }]);
    });

    it('lists occupied channels with a prefix filter and user counts, one channel’s info, and a presence channel’s users', async () => {
      const presence = fresh('presence-');
      const plain = fresh('');
      await subscribed(await connect({ id: 'p1' }), presence);
      await subscribed(await connect({ id: 'p2' }), presence);
      await subscribed(await connect(), plain);
      const api = sdk(target);
      const list = (await (await api.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })).json()) as {
        channels: Record<string, { user_count?: number }>;
      };
      expect(list.channels[presence]).toEqual({ user_count: 2 });
      expect(list.channels[plain]).toBeUndefined();
      const all = (await (await api.get({ path: '/channels' })).json()) as { channels: Record<string, unknown> };
      expect(all.channels[plain]).toEqual({});
      expect(await (await api.get({ path: `/channels/${plain}`, params: { info: 'subscription_count' } })).json()).toEqual({ occupied: true, subscription_count: 1 });
      expect(await (await api.get({ path: `/channels/${fresh('')}` })).json()).toMatchObject({ occupied: false });
      const users = (await (await api.get({ path: `/channels/${presence}/users` })).json()) as { users: Array<{ id: string }> };
      expect(users.users.map((u) => u.id).sort()).toEqual(['p1', 'p2']);
      expect((await signedRequest('GET', `/channels/${plain}/users`)).status).toBe(400);
    });

    it('accepts a well-signed request and refuses a wrong secret, key, version, stale timestamp or body MD5 with 401', async () => {
      const body = { name: 'e', channels: [fresh('')], data: '{}' };
      expect((await signedRequest('POST', '/events', body)).status).toBe(200);
      expect((await signedRequest('GET', '/channels')).status).toBe(200);
      const spoils = [
        { secret: 'not-the-secret' },
        { key: 'not-the-key' },
        { version: '2.0' },
        { timestamp: Math.floor(Date.now() / 1000) - 3600 },
        { bodyMd5: createHash('md5').update('something else').digest('hex') },
      ];
      for (const spoil of spoils) expect((await signedRequest('POST', '/events', body, spoil)).status, JSON.stringify(spoil)).toBe(401);
      expect((await signedRequest('GET', '/channels', undefined, { secret: 'nope' })).status).toBe(401);
      await expect(sdk(target, { secret: 'wrong' }).trigger(fresh(''), 'e', {})).rejects.toMatchObject({ status: 401 });
    });
  });

  describe('webhooks', () => {
    it('are signed and report channel_occupied, member_added, client_event, member_removed and channel_vacated', async () => {
      const name = fresh('presence-');
      const first = await connect({ id: 'hook-a' });
      const second = await connect({ id: 'hook-b' });
      const channel = await subscribed(first, name);
      await webhookEvent((e) => e.name === 'channel_occupied' && e.channel === name);
      await subscribed(second, name);
      expect(await webhookEvent((e) => e.name === 'member_added' && e.channel === name && e.user_id === 'hook-b')).toBeDefined();
      channel.trigger('client-wave', { hi: 1 });
      expect(await webhookEvent((e) => e.name === 'client_event' && e.channel === name)).toMatchObject({
        event: 'client-wave',
        data: JSON.stringify({ hi: 1 }),
        socket_id: first.connection.socket_id,
        user_id: 'hook-a',
      });
      second.disconnect();
      await webhookEvent((e) => e.name === 'member_removed' && e.channel === name && e.user_id === 'hook-b');
      first.disconnect();
      await webhookEvent((e) => e.name === 'channel_vacated' && e.channel === name);
    });
  });

  describe('limits and refusals', () => {
    it('refuses a channel name over 164 characters with an error pusher-js hands to the channel', async () => {
      const pusher = await connect();
      await expect(subscribed(pusher, 'x'.repeat(165))).rejects.toMatchObject({ message: `refused ${'x'.repeat(165)}` });
      await expect(subscribed(pusher, 'y'.repeat(164))).resolves.toBeDefined();
    });

    it('HTTP API: event names over 200 characters and over 100 channels are 400, data over 10 KB is 413', async () => {
      const channel = fresh('');
      expect((await signedRequest('POST', '/events', { name: 'e'.repeat(201), channels: [channel], data: '{}' })).status).toBe(400);
      expect((await signedRequest('POST', '/events', { name: 'e'.repeat(200), channels: [channel], data: '{}' })).status).toBe(200);
      const many = Array.from({ length: 101 }, (_, i) => `${channel}-${i}`);
      expect((await signedRequest('POST', '/events', { name: 'e', channels: many, data: '{}' })).status).toBe(400);
      expect((await signedRequest('POST', '/events', { name: 'e', channels: [channel], data: 'x'.repeat(10 * 1024 + 1) })).status).toBe(413);
      expect((await signedRequest('POST', '/events', { name: 'e', channels: [channel], data: 'x'.repeat(10 * 1024) })).status).toBe(200);
    });

    it('presence: user_info over 1 KB is refused, naming the channel', async () => {
      const socket = await raw();
      const name = fresh('presence-');
      const signed = sdk(target).authorizeChannel(socket.socketId, name, { user_id: 'big', user_info: { bio: 'x'.repeat(1100) } });
      socket.send({ event: 'pusher:subscribe', data: { channel: name, ...signed } });
      expect(await socket.until('pusher:subscription_error')).toMatchObject({ channel: name });
    });

    it('client events: a name over 200 characters gets an error and is not delivered', async () => {
      const name = fresh('private-');
      const [sender, listener] = [await raw(), await raw()];
      for (const socket of [sender, listener]) {
        socket.send({ event: 'pusher:subscribe', data: { channel: name, ...sdk(target).authorizeChannel(socket.socketId, name) } });
        await socket.until('pusher_internal:subscription_succeeded');
      }
      sender.send({ event: `client-${'n'.repeat(194)}`, channel: name, data: {} });
      expect(await sender.until('pusher:error')).toMatchObject({ event: 'pusher:error' });
      sender.send({ event: 'client-ok', channel: name, data: {} });
      expect((await listener.next()).event).toBe('client-ok');
    });

    it('client events: over 10 KB or over the rate get an error and the socket stays open', async () => {
      const socket = await raw();
      const name = fresh('private-');
      socket.send({ event: 'pusher:subscribe', data: { channel: name, ...sdk(target).authorizeChannel(socket.socketId, name) } });
      await socket.until('pusher_internal:subscription_succeeded');
      socket.send({ event: 'client-big', channel: name, data: 'x'.repeat(10 * 1024 + 1) });
      expect(await socket.until('pusher:error')).toMatchObject({ event: 'pusher:error' });
      for (let i = 0; i < 20; i++) socket.send({ event: 'client-burst', channel: name, data: { i } });
      expect(await socket.until('pusher:error')).toMatchObject({ event: 'pusher:error' });
      socket.send({ event: 'pusher:ping', data: {} });
      await socket.until('pusher:pong');
    });
  });
});
