import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CHATS_CHANNEL, type AdminRoom, type ChatRoom, ROOM_UPDATED_EVENT } from '../../contract/chat.ts';
import { SUPPORT_STATUS_EVENT, type SupportStatus } from '../../contract/support.ts';
import { localBroadcaster } from '../../server/realtime/broadcaster.ts';
import { createHttpApi } from '../../server/realtime/http-api.ts';
import { createHub, type Hub } from '../../server/realtime/hub.ts';
import { createWebhooks, type Webhooks } from '../../server/realtime/webhooks.ts';
import { ADMIN_EMAIL, bearer, DIALECTS, startTestApp, testConfig, type TestApp } from './support.ts';
import { Inbox, listen } from './realtime-support.ts';

/**
 * PUSHER_HOST: the sockets live on an external Pusher-compatible service, which the app reaches
 * only through the `pusher` SDK and hears only through its webhooks. Here the external service is
 * a hub of its own on another port (nothing shared with the app but the app's key, secret and
 * master key, as a Soketi or Reverb would be configured), its webhooks pointed at the app's
 * /broadcasting/webhooks. Presence must keep working: staff see a client online, clients see support.
 */
describe.each(DIALECTS)('presence with an external Pusher-compatible service (PUSHER_HOST) on $name', { timeout: 60_000 }, (dialect) => {
  const { pusher } = testConfig('sqlite::memory:');
  let t: TestApp;
  let base: string;
  let external: Server;
  let externalPort: number;
  let hub: Hub;
  let webhooks: Webhooks;
  const clients: Array<Echo<'pusher'>> = [];

  beforeAll(async () => {
    external = createServer();
    await new Promise<void>((resolve) => external.listen(0, '127.0.0.1', resolve));
    externalPort = (external.address() as AddressInfo).port;
    t = await startTestApp(dialect, { config: { pusher: { ...pusher, host: '127.0.0.1', port: externalPort, scheme: 'http' } } });
    ({ base } = await listen(t.app));
    webhooks = createWebhooks({ key: pusher.key, secret: pusher.secret, urls: [`${base}/broadcasting/webhooks`], batchMs: 20 });
    hub = createHub({ key: pusher.key, secret: pusher.secret, webhooks });
    const api = createHttpApi({ appId: pusher.appId, key: pusher.key, secret: pusher.secret, hub, broadcaster: localBroadcaster(hub) });
    external.on('request', (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        void api.handle({ method: request.method ?? 'GET', url: request.url ?? '/', body }).then((answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
        });
      });
    });
    hub.attach(external);
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await hub?.close();
    await webhooks?.close();
    await new Promise((resolve) => external?.close(resolve));
    await t?.close();
  });

  /** laravel-echo as the browser makes it from GET /api/realtime: sockets on the external service, auth at the app. */
  async function echoFor(token: string): Promise<Echo<'pusher'>> {
    const where = (await t.request({ method: 'GET', url: '/api/realtime' })).json<{ key: string; host: string; port: number; force_tls: boolean }>();
    expect(where).toEqual({ key: pusher.key, host: '127.0.0.1', port: externalPort, force_tls: false });
    const echo = new Echo({
      broadcaster: 'pusher',
      Pusher,
      key: where.key,
      cluster: 'mt1',
      wsHost: where.host,
      wsPort: where.port,
      forceTLS: where.force_tls,
      enabledTransports: ['ws'],
      disableStats: true,
      authEndpoint: `${base}/broadcasting/auth`,
      auth: { headers: { Authorization: `Bearer ${token}` } },
      withoutInterceptors: true,
    });
    clients.push(echo);
    return echo;
  }

  it('shows staff a client online, then not, and clients support online while staff are in', async () => {
    const account = await t.registerVerified({ first_name: 'Marta', second_name: 'Lis' });
    const token = await t.login(account.email, account.password);
    const room = (await t.post('/api/chat/room', {}, bearer(token))).json<ChatRoom>();

    const staff = await echoFor(await t.login(ADMIN_EMAIL));
    const updates = new Inbox<AdminRoom>();
    const list = staff.private(ADMIN_CHATS_CHANNEL.replace(/^private-/, ''));
    await new Promise<void>((resolve) => list.subscribed(() => resolve()));
    list.listen(`.${ROOM_UPDATED_EVENT}`, ({ room: changed }: { room: AdminRoom }) => changed.id === room.id && updates.push(changed));

    const client = await echoFor(token);
    const statuses = new Inbox<SupportStatus>();
    client.channel('support').listen(`.${SUPPORT_STATUS_EVENT}`, (status: SupportStatus) => statuses.push(status));
    client.join(`chat.${room.id}`);
    // The external service's member_added webhook reached the app; the app told staff through the SDK.
    expect((await updates.waitFor(1))[0]!.client_presence.online).toBe(true);

    staff.join('admin.chats');
    expect((await statuses.waitFor(1))[0]).toMatchObject({ online: true, availability: 'online' });

    client.leave(`chat.${room.id}`);
    const [, away] = await updates.waitFor(2);
    expect(away!.client_presence.online).toBe(false);
    expect(away!.client_presence.last_seen_at).not.toBeNull();

    staff.leave('admin.chats');
    expect((await statuses.waitFor(2))[1]!.online).toBe(false);
  });
});
