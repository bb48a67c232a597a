import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../contract/chat.ts';
import { adminRoomSchema, chatMessageSchema, chatRoomSchema } from '../../contract/chat.schema.ts';
import { localBroadcaster } from '../../server/realtime/broadcaster.ts';
import type { Hub } from '../../server/realtime/hub.ts';
import type { ChannelEvent } from '../../server/realtime/protocol.ts';
import { memoryChannelState } from '../../server/realtime/state.ts';
import { createChatService } from '../../server/services/chat.ts';
import { ADMIN_EMAIL, bearer, CLIENT_EMAIL, DEMO_PASSWORD, DIALECTS, startTestApp, type TestApp, uniqueEmail } from './support.ts';

describe.each(DIALECTS)('chat API on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = bearer(await t.login(ADMIN_EMAIL));
  });
  afterAll(() => t.close());

  /** A fresh client with its own token, so cases do not share rooms. */
  async function newClient(first = 'Test', second = 'Client') {
    const email = uniqueEmail('chat');
    await t.registerVerified({ first_name: first, second_name: second, email, password: DEMO_PASSWORD });
    const headers = bearer(await t.login(email));
    const me = (await t.request({ method: 'GET', url: '/api/user', headers })).json<{ id: number }>();
    return { email, headers, id: me.id };
  }
  const createRoom = (headers: Record<string, string>, body: unknown = { name: 'Chat', agent_name: 'Support', user_id: 0 }) =>
    t.post('/api/chat/room', body, headers);
  const send = (headers: Record<string, string>, roomId: number, message: unknown, extra: Record<string, string> = {}) =>
    t.post(`/api/chat/room/${roomId}/message`, { message, user_id: 999_999 }, { ...headers, ...extra });
  const get = (url: string, headers: Record<string, string>) => t.request({ method: 'GET', url, headers });

  it('answers 404 to find when the client has no room yet', async () => {
    const { headers } = await newClient();
    const res = await t.post('/api/chat/room/find', undefined, headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('creates the caller\'s room with 201, then finds it with its messages', async () => {
    const { headers, id } = await newClient();
    const created = await createRoom(headers, { name: 'Ada Lovelace', agent_name: 'Support', user_id: 1 });
    expect(created.statusCode).toBe(201);
    const room = chatRoomSchema.strict().parse(created.json());
    expect(room).toMatchObject({ name: 'Ada Lovelace', agent_name: 'Support', user_id: id, message_all: [], unread_count: 0 });

    await send(headers, room.id, 'Hello');
    const found = await t.post('/api/chat/room/find', undefined, headers);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: room.id, message_all: [{ message: 'Hello', user_id: id }] });
  });

  it('answers the existing room with 200 when the client creates it again', async () => {
    const { headers } = await newClient();
    const first = await createRoom(headers);
    const second = await createRoom(headers);
    expect(second.statusCode).toBe(200);
    expect(second.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);
  });

  it('stores a message trimmed, from the token\'s user whatever user_id says, and answers 201', async () => {
    const { headers, id } = await newClient();
    const room = createRoomId(await createRoom(headers));
    const res = await send(headers, room, '  Where is my deposit?  ');
    expect(res.statusCode).toBe(201);
    const message = chatMessageSchema.strict().parse(res.json());
    expect(message).toMatchObject({ message: 'Where is my deposit?', user_id: id });
    expect(message.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('refuses an empty or blank message with 422 in the request\'s language', async () => {
    const { headers } = await newClient();
    const room = createRoomId(await createRoom(headers));
    for (const message of ['', '   ', undefined]) {
      const res = await send(headers, room, message);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'The message field is required.', errors: { message: ['The message field is required.'] } });
    }
    const ru = await send(headers, room, ' ', { 'accept-language': 'ru' });
    expect(ru.json<{ message: string }>().message).toBe('Поле «сообщение» обязательно для заполнения.');
  });

  it('accepts 2000 characters and refuses 2001', async () => {
    const { headers } = await newClient();
    const room = createRoomId(await createRoom(headers));
    expect((await send(headers, room, 'a'.repeat(2000))).statusCode).toBe(201);
    const res = await send(headers, room, 'a'.repeat(2001));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { message: ['The message field must not be greater than 2000 characters.'] } });
  });

  it('keeps markup as it was typed', async () => {
    const { headers } = await newClient();
    const room = createRoomId(await createRoom(headers));
    const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    expect((await send(headers, room, hostile)).json()).toMatchObject({ message: hostile });
  });

  it('lets a client reach only its own room: 403 for another\'s, 404 for none', async () => {
    const alice = await newClient();
    const bob = await newClient();
    const aliceRoom = createRoomId(await createRoom(alice.headers));
    expect((await send(bob.headers, aliceRoom, 'peek')).statusCode).toBe(403);
    expect((await send(bob.headers, aliceRoom, 'peek')).json()).toEqual({ message: 'This action is unauthorized.' });
    expect((await get(`/api/chat/room/${aliceRoom}/messages`, bob.headers)).statusCode).toBe(403);
    expect((await t.post(`/api/chat/room/${aliceRoom}/read`, { last_read_id: 1 }, bob.headers)).statusCode).toBe(403);
    expect((await send(bob.headers, 999_999, 'x')).statusCode).toBe(404);
    expect((await send(bob.headers, 'abc' as unknown as number, 'x')).statusCode).toBe(404);
    expect((await get('/api/admin/chat/rooms', bob.headers)).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await t.post('/api/chat/room/find', undefined)).statusCode).toBe(401);
    expect((await t.post('/api/chat/room/1/message', { message: 'x' })).statusCode).toBe(401);
    expect((await get('/api/admin/chat/rooms', {})).statusCode).toBe(401);
  });

  it('gives every message after an id, oldest first, for the resync', async () => {
    const { headers } = await newClient();
    const room = createRoomId(await createRoom(headers));
    const ids: number[] = [];
    for (const text of ['one', 'two', 'three']) ids.push((await send(headers, room, text)).json<{ id: number }>().id);
    const after = await get(`/api/chat/room/${room}/messages?after=${ids[0]}`, headers);
    expect(after.statusCode).toBe(200);
    expect(after.json<Array<{ message: string }>>().map((m) => m.message)).toEqual(['two', 'three']);
    expect((await get(`/api/chat/room/${room}/messages`, headers)).json()).toHaveLength(3);
    expect((await get(`/api/chat/room/${room}/messages?after=-1`, headers)).statusCode).toBe(422);
  });

  it('lets staff answer any room; the first answer names the manager', async () => {
    const client = await newClient();
    const room = createRoomId(await createRoom(client.headers));
    const reply = await send(admin, room, 'Hello, how can I help?');
    expect(reply.statusCode).toBe(201);
    const found = (await t.post('/api/chat/room/find', undefined, client.headers)).json<{ agent_name: string; unread_count: number }>();
    expect(found).toMatchObject({ agent_name: 'Alexandra Morgan', unread_count: 1 });
  });

  it('lets staff open a room for a client, but not for staff or nobody', async () => {
    const client = await newClient();
    const res = await createRoom(admin, { user_id: client.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user_id: client.id, name: 'Test Client', agent_name: 'Support' });
    expect((await createRoom(admin, { user_id: 1 })).statusCode).toBe(422);
    const missing = await createRoom(admin, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ errors: { user_id: [expect.any(String)] } });
  });

  it('keeps read markers per side and counts unread messages from the other side', async () => {
    const client = await newClient('Rita', 'Reader');
    const room = createRoomId(await createRoom(client.headers));
    const first = (await send(client.headers, room, 'q1')).json<{ id: number }>();
    const second = (await send(client.headers, room, 'q2')).json<{ id: number }>();
    const row = async () => (await get(`/api/admin/chat/rooms?search=${encodeURIComponent(client.email)}`, admin)).json<Array<{ unread_count: number }>>()[0]!;
    expect((await row()).unread_count).toBe(2);
    expect((await t.post(`/api/chat/room/${room}/read`, { last_read_id: first.id }, admin)).statusCode).toBe(204);
    expect((await row()).unread_count).toBe(1);
    // Never backwards, never past the last message.
    await t.post(`/api/chat/room/${room}/read`, { last_read_id: 0 }, admin);
    expect((await row()).unread_count).toBe(1);
    await t.post(`/api/chat/room/${room}/read`, { last_read_id: second.id + 1000 }, admin);
    expect((await row()).unread_count).toBe(0);

    const answer = (await send(admin, room, 'a1')).json<{ id: number }>();
    const find = () => t.post('/api/chat/room/find', undefined, client.headers).then((r) => r.json<{ unread_count: number }>());
    expect((await find()).unread_count).toBe(1);
    await t.post(`/api/chat/room/${room}/read`, { last_read_id: answer.id }, client.headers);
    expect((await find()).unread_count).toBe(0);
    expect((await t.post(`/api/chat/room/${room}/read`, { last_read_id: 'x' }, client.headers)).statusCode).toBe(422);
  });

  it('lists rooms for staff, newest activity first, with the last message, searchable by name or e-mail', async () => {
    const older = await newClient('Olga', 'Older');
    const newer = await newClient('Nina', 'Newer');
    const olderRoom = createRoomId(await createRoom(older.headers));
    const newerRoom = createRoomId(await createRoom(newer.headers));
    await send(newer.headers, newerRoom, 'first');
    t.clock.advance(60_000);
    await send(older.headers, olderRoom, 'latest');

    const res = await get('/api/admin/chat/rooms', admin);
    expect(res.statusCode).toBe(200);
    const rooms = res.json<unknown[]>().map((r) => adminRoomSchema.strict().parse(r));
    const ids = rooms.map((r) => r.id);
    expect(ids.indexOf(olderRoom)).toBeLessThan(ids.indexOf(newerRoom));
    expect(rooms.find((r) => r.id === olderRoom)).toMatchObject({
      client: { first_name: 'Olga', second_name: 'Older', email: older.email },
      last_message: { message: 'latest', user_id: older.id },
      unread_count: 1,
    });

    const byName = (await get('/api/admin/chat/rooms?search=nina%20NEW', admin)).json<Array<{ id: number }>>();
    expect(byName.map((r) => r.id)).toEqual([newerRoom]);
    const byEmail = (await get(`/api/admin/chat/rooms?search=${encodeURIComponent(older.email.toUpperCase())}`, admin)).json<Array<{ id: number }>>();
    expect(byEmail.map((r) => r.id)).toEqual([olderRoom]);
    // LIKE wildcards in the search are taken literally.
    expect((await get('/api/admin/chat/rooms?search=%25', admin)).json()).toEqual([]);
  });

  it('posts a system message into a client\'s room, creating it when needed', async () => {
    const client = await newClient();
    const message = await t.app.services.chat.postSystemMessage(client.id, 'Your service request was received.');
    expect(message).toMatchObject({ user_id: null, message: 'Your service request was received.' });
    const found = (await t.post('/api/chat/room/find', undefined, client.headers)).json<{ message_all: unknown[]; unread_count: number }>();
    expect(found.message_all).toEqual([message]);
    expect(found.unread_count).toBe(1);
  });

  describe('a send with a client id', () => {
    const sendOnce = (headers: Record<string, string>, roomId: number, message: string, clientId: string) =>
      t.post(`/api/chat/room/${roomId}/message`, { message, client_id: clientId }, headers);
    const messagesOf = async (headers: Record<string, string>, roomId: number) =>
      (await get(`/api/chat/room/${roomId}/messages`, headers)).json<ChatMessage[]>();

    it('is stored once: a repeat (its answer was lost) answers the stored message with 200', async () => {
      const { headers } = await newClient();
      const room = createRoomId(await createRoom(headers));
      const first = await sendOnce(headers, room, 'Where is my deposit?', 'c1a2b3c4-0000-4000-8000-000000000001');
      expect(first.statusCode).toBe(201);
      const stored = chatMessageSchema.strict().parse(first.json());
      expect(stored.client_id).toBe('c1a2b3c4-0000-4000-8000-000000000001');
      const again = await sendOnce(headers, room, 'Where is my deposit?', 'c1a2b3c4-0000-4000-8000-000000000001');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(stored);
      expect(await messagesOf(headers, room)).toEqual([stored]);
    });

    it('is stored once when two identical sends arrive at the same moment', async () => {
      const { headers } = await newClient();
      const room = createRoomId(await createRoom(headers));
      const id = 'c1a2b3c4-0000-4000-8000-000000000002';
      const answers = await Promise.all(Array.from({ length: 5 }, () => sendOnce(headers, room, 'Twice at once', id)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      const stored = await messagesOf(headers, room);
      expect(stored).toHaveLength(1);
      for (const answer of answers) expect(answer.json()).toEqual(stored[0]);
    });

    it('is per sender and per room: the same id from the other side or in another room is a new message', async () => {
      const alice = await newClient();
      const bob = await newClient();
      const aliceRoom = createRoomId(await createRoom(alice.headers));
      const bobRoom = createRoomId(await createRoom(bob.headers));
      const id = 'shared-client-id-3';
      expect((await sendOnce(alice.headers, aliceRoom, 'from Alice', id)).statusCode).toBe(201);
      expect((await sendOnce(admin, aliceRoom, 'from staff', id)).statusCode).toBe(201);
      expect((await sendOnce(bob.headers, bobRoom, 'from Bob', id)).statusCode).toBe(201);
      expect((await messagesOf(alice.headers, aliceRoom)).map((m) => m.message)).toEqual(['from Alice', 'from staff']);
    });

    it('refuses a malformed client id with 422', async () => {
      const { headers } = await newClient();
      const room = createRoomId(await createRoom(headers));
      for (const clientId of ['short', 'x'.repeat(65), 'has space in it', 42]) {
        const res = await t.post(`/api/chat/room/${room}/message`, { message: 'Hi', client_id: clientId }, headers);
        expect(res.statusCode).toBe(422);
        expect(res.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('client_id');
      }
      expect(await messagesOf(headers, room)).toEqual([]);
    });
  });

  describe('live events', () => {
    /** The chat service over the in-process broadcaster (and its 10 KB limit), with a hub that records what it would deliver. */
    function recordedChat() {
      const delivered: ChannelEvent[] = [];
      const hub: Hub = {
        attach() {},
        deliver: (event) => void delivered.push(event),
        setRelay() {},
        terminate: () => 0,
        state: memoryChannelState(),
        stats: () => ({ connections: 0, channels: 0, subscriptions: 0 }),
        close: async () => {},
      };
      const errors: object[] = [];
      const chat = createChatService({ db: t.db, clock: t.clock.now, broadcaster: localBroadcaster(hub), log: { error: (obj) => void errors.push(obj) } });
      return { chat, delivered, errors };
    }

    it('a message too big for a live event (2,000 control characters) reaches the room as a small "fetch me" event', async () => {
      const client = await newClient();
      const { chat, delivered, errors } = recordedChat();
      const { room } = await chat.openRoom({ id: client.id, name: 'Big' });
      const text = '\u0001'.repeat(2000);
      const { message } = await chat.post(room, { id: client.id, name: 'Test Client', staff: false }, text, { exceptSocketId: '1.2' });
      expect(errors).toEqual([]);
      const onRoom = delivered.filter((e) => e.channel === `private-chat.${room.id}`);
      expect(onRoom).toEqual([{ channel: `private-chat.${room.id}`, event: 'message.fetch', data: { id: message.id }, exceptSocketId: '1.2' }]);
      const fetched = (await get(`/api/chat/room/${room.id}/messages?after=${message.id - 1}`, client.headers)).json<ChatMessage[]>();
      expect(fetched.map((m) => m.message)).toEqual([text]);
      // The staff's list still hears of it, with the start of the message as its preview.
      const update = delivered.filter((e) => e.channel === 'private-admin.chats').at(-1);
      expect((update?.data as { room: { last_message: { id: number } } }).room.last_message.id).toBe(message.id);
    });

    it('a message that fits travels whole as message.new', async () => {
      const client = await newClient();
      const { chat, delivered } = recordedChat();
      const { room } = await chat.openRoom({ id: client.id, name: 'Small' });
      const { message } = await chat.post(room, { id: client.id, name: 'Test Client', staff: false }, 'a'.repeat(2000));
      expect(delivered.filter((e) => e.channel === `private-chat.${room.id}`).map((e) => e.event)).toEqual(['message.new']);
      expect(delivered.find((e) => e.event === 'message.new')?.data).toEqual({ chatMessage: message });
    });

    it('the first staff answer tells the room the manager\'s name', async () => {
      const client = await newClient();
      const { chat, delivered } = recordedChat();
      const { room } = await chat.openRoom({ id: client.id, name: 'Named' });
      await chat.post(room, { id: 1, name: 'Alexandra Morgan', staff: true }, 'Hello');
      expect(delivered.filter((e) => e.event === 'room.agent')).toEqual([
        { channel: `private-chat.${room.id}`, event: 'room.agent', data: { agent_name: 'Alexandra Morgan' }, exceptSocketId: undefined },
      ]);
    });
  });

  it('leaves the demo client\'s seeded state alone', async () => {
    const res = await t.post('/api/chat/room/find', undefined, bearer(await t.login(CLIENT_EMAIL)));
    expect(res.statusCode).toBe(404);
  });
});

function createRoomId(res: { json<T>(): T }): number {
  return res.json<{ id: number }>().id;
}
