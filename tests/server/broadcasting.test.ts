import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, bearer, DEMO_PASSWORD, DIALECTS, startTestApp, type TestApp, uniqueEmail } from './support.ts';

const SECRET = 'test-secret'; // testConfig's PUSHER_APP_SECRET
const sign = (text: string) => createHmac('sha256', SECRET).update(text).digest('hex');
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(DIALECTS)('broadcasting endpoints on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let client: { headers: Record<string, string>; roomId: number; id: number };
  let other: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = bearer(await t.login(ADMIN_EMAIL));
    const newClient = async () => {
      const email = uniqueEmail('bc');
      await t.registerVerified({ first_name: 'Bea', second_name: 'Caster', email, password: DEMO_PASSWORD });
      return bearer(await t.login(email));
    };
    const headers = await newClient();
    const room = (await t.post('/api/chat/room', {}, headers)).json<{ id: number; user_id: number }>();
    client = { headers, roomId: room.id, id: room.user_id };
    other = await newClient();
  });
  afterAll(() => t.close());

  const authorize = (headers: Record<string, string>, channel: string, socketId = '123.456') =>
    t.request({ method: 'POST', url: '/broadcasting/auth', headers: { ...headers, ...form }, payload: `socket_id=${socketId}&channel_name=${encodeURIComponent(channel)}` });

  it('signs the client\'s own room channel as pusher-js sends it (form-encoded)', async () => {
    const channel = `private-chat.${client.roomId}`;
    const res = await authorize(client.headers, channel);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ auth: `traderoom-key:${sign(`123.456:${channel}`)}` });
  });

  it('accepts JSON bodies too', async () => {
    const res = await t.post('/broadcasting/auth', { socket_id: '1.2', channel_name: `private-chat.${client.roomId}` }, client.headers);
    expect(res.json()).toEqual({ auth: `traderoom-key:${sign(`1.2:private-chat.${client.roomId}`)}` });
  });

  it('refuses with 403 another client\'s room, the staff channel and unknown channels', async () => {
    for (const channel of [`private-chat.${client.roomId}`, 'private-admin.chats', 'private-chat.999999', 'private-other', 'presence-chat.1']) {
      const res = await authorize(other, channel);
      expect(res.statusCode, channel).toBe(403);
      expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    }
  });

  it('lets staff join every room and the staff channel', async () => {
    expect((await authorize(admin, `private-chat.${client.roomId}`)).statusCode).toBe(200);
    expect((await authorize(admin, 'private-admin.chats')).statusCode).toBe(200);
  });

  it('signs the room\'s presence channel with the caller as the member, and its encrypted channel with the shared secret', async () => {
    const presence = `presence-chat.${client.roomId}`;
    const res = await authorize(client.headers, presence);
    expect(res.statusCode).toBe(200);
    const channelData = JSON.stringify({ user_id: String(client.id), user_info: { name: 'Bea Caster' } });
    expect(res.json()).toEqual({ auth: `traderoom-key:${sign(`123.456:${presence}:${channelData}`)}`, channel_data: channelData });
    const encrypted = `private-encrypted-chat.${client.roomId}`;
    const sealed = await authorize(client.headers, encrypted);
    // As Pusher derives it: SHA-256 of the channel name and the master key (testConfig's: 32 bytes of 7).
    const secret = createHash('sha256').update(Buffer.concat([Buffer.from(encrypted), Buffer.alloc(32, 7)])).digest('base64');
    expect(sealed.json()).toEqual({ auth: `traderoom-key:${sign(`123.456:${encrypted}`)}`, shared_secret: secret });
    for (const channel of [presence, encrypted]) expect((await authorize(other, channel)).statusCode, channel).toBe(403);
    expect((await authorize(admin, presence)).statusCode).toBe(200);
  });

  it('answers 401 without a token and 422 for a malformed socket id or channel name', async () => {
    expect((await authorize({}, `private-chat.${client.roomId}`)).statusCode).toBe(401);
    const bad = await authorize(client.headers, `private-chat.${client.roomId}`, 'abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { socket_id: [expect.any(String)] } });
    expect((await authorize(client.headers, 'private chat')).statusCode).toBe(422);
  });

  it.each(['/broadcasting/user-auth', '/pusher/user-auth'])('signs the user at %s over socket_id::user::user_data', async (url) => {
    const res = await t.request({ method: 'POST', url, headers: { ...client.headers, ...form }, payload: 'socket_id=5.6' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ auth: string; user_data: string }>();
    expect(JSON.parse(body.user_data)).toEqual({ id: String(client.id), user_info: { name: 'Bea Caster' } });
    expect(body.auth).toBe(`traderoom-key:${sign(`5.6::user::${body.user_data}`)}`);
  });

  it('tells the browser where to connect without a token: the key, this host', async () => {
    const res = await t.request({ method: 'GET', url: '/api/realtime' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: 'traderoom-key', host: null, port: null, force_tls: false });
  });
});
