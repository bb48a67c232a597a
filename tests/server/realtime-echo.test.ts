import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, TypingSignal } from '../../contract/chat.ts';
import { ADMIN_EMAIL, bearer, DEMO_PASSWORD, DIALECTS, startTestApp, type TestApp, uniqueEmail } from './support.ts';
import { connected, echoClient, Inbox, joinPrivate, listen, pusherOf, type TestEcho } from './realtime-support.ts';

/**
 * The hub as the browser app meets it: real pusher-js and laravel-echo clients in Node against
 * the app listening on a loopback port. The hub keeps no data, so one dialect is enough here;
 * the authorisation queries run on both in chat.test.ts and broadcasting.test.ts.
 */
describe('realtime with laravel-echo and pusher-js', () => {
  let t: TestApp;
  let base: string;
  let adminToken: string;
  const echoes: TestEcho[] = [];

  beforeAll(async () => {
    t = await startTestApp(DIALECTS[0]!);
    ({ base } = await listen(t.app));
    adminToken = await t.login(ADMIN_EMAIL);
  });
  afterEach(() => {
    for (const echo of echoes.splice(0)) echo.disconnect();
  });
  afterAll(() => t.close());

  async function connect(token: string): Promise<{ echo: TestEcho; socketId: string }> {
    const echo = echoClient(base, token);
    echoes.push(echo);
    return { echo, socketId: await connected(echo) };
  }

  async function clientWithRoom() {
    const email = uniqueEmail('rt');
    await t.registerVerified({ first_name: 'Rita', second_name: 'Realtime', email, password: DEMO_PASSWORD });
    const token = await t.login(email);
    const room = (await t.post('/api/chat/room', { name: 'Rita', agent_name: 'Support', user_id: 0 }, bearer(token))).json<{ id: number; user_id: number }>();
    return { token, room };
  }

  const send = (token: string, roomId: number, message: string, socketId?: string) =>
    t
      .post(`/api/chat/room/${roomId}/message`, { message }, { ...bearer(token), ...(socketId ? { 'x-socket-id': socketId } : {}) })
      .then((res) => {
        expect(res.statusCode).toBe(201);
        return res.json<ChatMessage>();
      });

  function listenMessages(echo: TestEcho, roomId: number) {
    const inbox = new Inbox<ChatMessage>();
    echo.private(`chat.${roomId}`).listen('.message.new', (e: { chatMessage: ChatMessage }) => inbox.push(e.chatMessage));
    return inbox;
  }

  it('lets a client join its own room and staff join any room and the staff channel', async () => {
    const { token, room } = await clientWithRoom();
    const client = await connect(token);
    await expect(joinPrivate(client.echo, `chat.${room.id}`)).resolves.toBeDefined();
    const staff = await connect(adminToken);
    await expect(joinPrivate(staff.echo, `chat.${room.id}`)).resolves.toBeDefined();
    await expect(joinPrivate(staff.echo, 'admin.chats')).resolves.toBeDefined();
  });

  it('refuses another client\'s room and the staff channel with 403', async () => {
    const alice = await clientWithRoom();
    const bob = await clientWithRoom();
    const { echo } = await connect(bob.token);
    await expect(joinPrivate(echo, `chat.${alice.room.id}`)).rejects.toMatchObject({ status: 403 });
    await expect(joinPrivate(echo, 'admin.chats')).rejects.toMatchObject({ status: 403 });
    await expect(joinPrivate(echo, 'chat.999999')).rejects.toMatchObject({ status: 403 });
  });

  it('broadcasts a stored message to the room except the sender\'s socket (toOthers)', async () => {
    const { token, room } = await clientWithRoom();
    const tab1 = await connect(token);
    const tab2 = await connect(token);
    const staff = await connect(adminToken);
    const inboxes = [tab1, tab2, staff].map(({ echo }) => listenMessages(echo, room.id));
    await Promise.all([tab1, tab2, staff].map(({ echo }) => joinPrivate(echo, `chat.${room.id}`)));

    const sent = await send(token, room.id, 'From tab one', tab1.socketId);
    expect(await inboxes[1]!.waitFor(1)).toEqual([sent]);
    expect(await inboxes[2]!.waitFor(1)).toEqual([sent]);
    // The next message has no socket id: tab one hears it, and nothing before it.
    const second = await send(token, room.id, 'From elsewhere');
    expect(await inboxes[0]!.waitFor(1)).toEqual([second]);
  });

  it('tells staff about new rooms and messages on the staff channel', async () => {
    const staff = await connect(adminToken);
    const updates = new Inbox<{ room: { id: number; unread_count: number; last_message: { message: string } | null } }>();
    staff.echo.private('admin.chats').listen('.room.updated', updates.push);
    await joinPrivate(staff.echo, 'admin.chats');
    const { token, room } = await clientWithRoom();
    await send(token, room.id, 'Anyone there?');
    const [created, message] = await updates.waitFor(2);
    expect(created!.room).toMatchObject({ id: room.id, last_message: null, unread_count: 0 });
    expect(message!.room).toMatchObject({ id: room.id, last_message: { message: 'Anyone there?' }, unread_count: 1 });
  });

  it('delivers a typing whisper to the other side and never back to its sender', async () => {
    const { token, room } = await clientWithRoom();
    const client = await connect(token);
    const staff = await connect(adminToken);
    const heardByClient = new Inbox<TypingSignal>();
    const heardByStaff = new Inbox<TypingSignal>();
    const clientChannel = await joinPrivate(client.echo, `chat.${room.id}`);
    const staffChannel = await joinPrivate(staff.echo, `chat.${room.id}`);
    clientChannel.listenForWhisper('typing', heardByClient.push);
    staffChannel.listenForWhisper('typing', heardByStaff.push);

    clientChannel.whisper('typing', { user: { id: room.user_id, name: 'Rita' }, typing: true });
    expect(await heardByStaff.waitFor(1)).toEqual([{ user: { id: room.user_id, name: 'Rita' }, typing: true }]);
    staffChannel.whisper('typing', { user: { id: 1, name: 'Alexandra' }, typing: false });
    // The client's first whisper heard is the staff's: its own never came back.
    expect(await heardByClient.waitFor(1)).toEqual([{ user: { id: 1, name: 'Alexandra' }, typing: false }]);
  });

  it('after a dropped connection, resubscribes, and the resync by last id leaves nothing missing', async () => {
    const { token, room } = await clientWithRoom();
    const client = await connect(token);
    const live = listenMessages(client.echo, room.id);
    await joinPrivate(client.echo, `chat.${room.id}`);
    const first = await send(adminToken, room.id, 'before the drop');
    await live.waitFor(1);

    pusherOf(client.echo).disconnect();
    const missed = [await send(adminToken, room.id, 'missed 1'), await send(adminToken, room.id, 'missed 2')];

    const resubscribed = new Promise<void>((resolve) => client.echo.private(`chat.${room.id}`).subscribed(() => resolve()));
    pusherOf(client.echo).connect();
    await connected(client.echo);
    await resubscribed;
    const lastHeld = live.items.at(-1)!.id;
    const resync = (await t.request({ method: 'GET', url: `/api/chat/room/${room.id}/messages?after=${lastHeld}`, headers: bearer(token) })).json<ChatMessage[]>();
    const after = await send(adminToken, room.id, 'after the return');
    await live.waitFor(2);

    const held = new Map([...live.items, ...resync].map((m) => [m.id, m]));
    expect([...held.values()].sort((a, b) => a.id - b.id)).toEqual([first, ...missed, after]);
  });

  it('on shutdown (4200, tested in realtime-hub.test.ts) pusher-js goes straight back to connecting', async () => {
    const other = await startTestApp(DIALECTS[0]!);
    const { base: otherBase } = await listen(other.app);
    const echo = echoClient(otherBase, await other.login(ADMIN_EMAIL));
    await connected(echo);
    const states: string[] = [];
    const reconnecting = new Promise<void>((resolve) =>
      pusherOf(echo).connection.bind('state_change', ({ current }: { current: string }) => {
        states.push(current);
        if (current === 'connecting') resolve();
      }),
    );
    await other.close();
    await reconnecting;
    echo.disconnect();
    // No 'unavailable' in between: the client did not wait out a backoff.
    expect(states[0]).toBe('connecting');
  });
});
