import PusherServer from 'pusher';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, DIALECTS, startTestApp, type TestApp, uniqueEmail } from './support.ts';
import { APP_KEY, echoClient, Inbox, listen, RawClient } from './realtime-support.ts';

/**
 * The hub inside the app: the Pusher HTTP API on the app's port (not the app's page), and a user's
 * signed-in sockets closed when their sessions are revoked or their password changes. The hub
 * keeps no data, so one dialect is enough.
 */
describe('the realtime hub in the app', () => {
  let t: TestApp;
  let port: number;
  let sdk: PusherServer;
  const sockets: RawClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(DIALECTS[0]!);
    ({ port } = await listen(t.app));
    sdk = new PusherServer({ appId: 'traderoom', key: APP_KEY, secret: 'test-secret', host: '127.0.0.1', port: String(port), useTLS: false });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  async function newUser() {
    const email = uniqueEmail('rta');
    await t.registerVerified({ first_name: 'Tess', second_name: 'Terminate', email, password: DEMO_PASSWORD });
    return { email, token: await t.login(email) };
  }

  /** A socket signed in through the app's own /broadcasting/user-auth, as pusher-js signs in. */
  async function signedInSocket(token: string): Promise<RawClient> {
    const socket = await RawClient.open(port);
    sockets.push(socket);
    const res = await t.post('/broadcasting/user-auth', { socket_id: socket.socketId }, bearer(token));
    expect(res.statusCode).toBe(200);
    socket.send({ event: 'pusher:signin', data: res.json() });
    await socket.until('pusher:signin_success');
    return socket;
  }

  it('answers the Pusher HTTP API under /apps/{id} with JSON, never with the app page', async () => {
    const unsigned = await fetch(`http://127.0.0.1:${port}/apps/traderoom/channels`);
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get('content-type')).toMatch(/^application\/json/);
    const listed = await sdk.get({ path: '/channels' });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ channels: {} });
  });

  it('delivers what the pusher SDK publishes to the app, to a user channel too', async () => {
    const socket = await RawClient.open(port);
    sockets.push(socket);
    socket.send({ event: 'pusher:subscribe', data: { channel: 'calendar' } });
    await socket.until('pusher_internal:subscription_succeeded');
    await sdk.trigger('calendar', 'calendar.changed', { type: 'updated', id: 1 });
    expect((await socket.until('calendar.changed')).data).toEqual({ type: 'updated', id: 1 });
    const user = await newUser();
    const signed = await signedInSocket(user.token);
    const me = (await t.request({ method: 'GET', url: '/api/user', headers: bearer(user.token) })).json<{ id: number }>();
    await sdk.sendToUser(String(me.id), 'notice', { text: 'for you' });
    expect((await signed.until('notice')).data).toEqual({ text: 'for you' });
  });

  it('seals what the app’s own server code publishes to an encrypted channel: pusher-js through Echo opens it, the wire carries ciphertext only', async () => {
    const user = await newUser();
    const room = (await t.post('/api/chat/room', {}, bearer(user.token))).json<{ id: number }>();
    const name = `private-encrypted-chat.${room.id}`;
    const echo = echoClient(`http://127.0.0.1:${port}`, user.token);
    try {
      const heard = new Inbox<unknown>();
      const channel = echo.encryptedPrivate(`chat.${room.id}`);
      await new Promise<void>((resolve, reject) => {
        channel.subscribed(() => resolve());
        channel.error(reject);
      });
      channel.listen('.statement.ready', (data: unknown) => heard.push(data));
      const socket = await RawClient.open(port);
      sockets.push(socket);
      const auth = await t.post('/broadcasting/auth', { socket_id: socket.socketId, channel_name: name }, bearer(user.token));
      socket.send({ event: 'pusher:subscribe', data: { channel: name, auth: auth.json<{ auth: string }>().auth } });
      await socket.until('pusher_internal:subscription_succeeded');

      await t.app.realtime.broadcaster.publish(name, 'statement.ready', { iban: 'GB33BUKB20201555555555' });
      expect((await heard.waitFor(1))[0]).toEqual({ iban: 'GB33BUKB20201555555555' });
      const wire = await socket.until('statement.ready');
      expect(Object.keys(wire.data as object).sort()).toEqual(['ciphertext', 'nonce']);
      expect(JSON.stringify(wire.data)).not.toContain('GB33');
    } finally {
      echo.disconnect();
    }
  });

  it('closes the user’s signed-in sockets when they sign out their other sessions', async () => {
    const user = await newUser();
    const elsewhere = await t.login(user.email);
    const socket = await signedInSocket(elsewhere);
    const bystander = await signedInSocket((await newUser()).token);
    const res = await t.request({ method: 'DELETE', url: '/api/settings/sessions', headers: bearer(user.token) });
    expect(res.json()).toEqual({ revoked: 1 });
    expect(await socket.until('pusher:error')).toMatchObject({ data: { code: 4009 } });
    expect((await socket.closed).code).toBe(4009);
    bystander.send({ event: 'pusher:ping', data: {} });
    await bystander.until('pusher:pong');
  });

  it('closes the user’s signed-in sockets when their password changes', async () => {
    const user = await newUser();
    const socket = await signedInSocket(user.token);
    const next = `${DEMO_PASSWORD}-new`;
    const res = await t.request({
      method: 'PATCH',
      url: '/api/settings/password',
      headers: bearer(user.token),
      payload: { current_password: DEMO_PASSWORD, password: next, password_confirmation: next },
    });
    expect(res.statusCode).toBe(204);
    expect((await socket.closed).code).toBe(4009);
  });
});
