import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CHATS_CHANNEL, type AdminRoom, type ChatRoom, ROOM_UPDATED_EVENT } from '../../contract/chat.ts';
import { DEFAULT_OFFICE_HOURS, type OfficeHours, SUPPORT_STATUS_EVENT, type SupportStatus } from '../../contract/support.ts';
import { ADMIN_EMAIL, bearer, DEMO_PASSWORD, DIALECTS, startTestApp, testConfig, type TestApp, uniqueEmail } from './support.ts';
import { connected, echoClient, Inbox, joinPrivate, listen } from './realtime-support.ts';

const { key, secret } = testConfig('sqlite::memory:').pusher;
const sign = (body: string, withSecret = secret) => createHmac('sha256', withSecret).update(body).digest('hex');

describe.each(DIALECTS)('support presence on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = bearer(await t.login(ADMIN_EMAIL));
    ({ base } = await listen(t.app));
  });
  afterAll(async () => t.close());

  async function newClientRoom() {
    const account = await t.registerVerified({ first_name: 'Olena', second_name: 'Koval' });
    const token = await t.login(account.email, account.password);
    const room = (await t.post('/api/chat/room', {}, bearer(token))).json<ChatRoom>();
    return { token, room };
  }
  const adminRoom = async (id: number) =>
    (await t.request({ method: 'GET', url: '/api/admin/chat/rooms', headers: admin })).json<AdminRoom[]>().find((r) => r.id === id)!;
  const deliver = (body: string, headers: Record<string, string>) =>
    t.request({ method: 'POST', url: '/broadcasting/webhooks', payload: body, headers: { 'content-type': 'application/json', ...headers } });

  it('records a client online and then last seen from signed presence webhooks', async () => {
    const { room } = await newClientRoom();
    expect((await adminRoom(room.id)).client_presence).toEqual({ online: false, last_seen_at: null });

    const joined = JSON.stringify({ time_ms: Date.now(), events: [{ name: 'member_added', channel: `presence-chat.${room.id}`, user_id: String(room.user_id) }] });
    expect((await deliver(joined, { 'x-pusher-key': key, 'x-pusher-signature': sign(joined) })).statusCode).toBe(200);
    expect((await adminRoom(room.id)).client_presence.online).toBe(true);

    t.clock.current = new Date('2030-01-15T10:00:00.000Z');
    const left = JSON.stringify({ time_ms: Date.now(), events: [{ name: 'member_removed', channel: `presence-chat.${room.id}`, user_id: String(room.user_id) }] });
    expect((await deliver(left, { 'x-pusher-key': key, 'x-pusher-signature': sign(left) })).statusCode).toBe(200);
    expect((await adminRoom(room.id)).client_presence).toEqual({ online: false, last_seen_at: '2030-01-15T10:00:00.000Z' });
  });

  it('refuses a webhook that is not signed with the app’s key and secret, and records nothing', async () => {
    const { room } = await newClientRoom();
    const body = JSON.stringify({ time_ms: Date.now(), events: [{ name: 'member_added', channel: `presence-chat.${room.id}`, user_id: String(room.user_id) }] });
    expect((await deliver(body, { 'x-pusher-key': key })).statusCode).toBe(401);
    expect((await deliver(body, { 'x-pusher-key': key, 'x-pusher-signature': sign(body, 'another secret') })).statusCode).toBe(401);
    expect((await deliver(body, { 'x-pusher-key': 'another-key', 'x-pusher-signature': sign(body) })).statusCode).toBe(401);
    expect((await adminRoom(room.id)).client_presence).toEqual({ online: false, last_seen_at: null });
  });

  it('hears the embedded hub’s own webhooks: a client joining and leaving reaches the staff’s list live', async () => {
    const { token, room } = await newClientRoom();
    const staff = echoClient(base, await t.login(ADMIN_EMAIL));
    const updates = new Inbox<AdminRoom>();
    const channel = await joinPrivate(staff, ADMIN_CHATS_CHANNEL);
    channel.listen(`.${ROOM_UPDATED_EVENT}`, ({ room: changed }: { room: AdminRoom }) => changed.id === room.id && updates.push(changed));

    const client = echoClient(base, token);
    await connected(client);
    client.join(`chat.${room.id}`);
    const [online] = await updates.waitFor(1);
    expect(online!.client_presence.online).toBe(true);

    t.clock.current = new Date('2030-01-15T11:00:00.000Z');
    client.disconnect();
    const [, away] = await updates.waitFor(2);
    expect(away!.client_presence).toEqual({ online: false, last_seen_at: '2030-01-15T11:00:00.000Z' });
    staff.disconnect();
  });

  it('tells whether support is online: staff in presence-admin.chats, announced on the public support channel', async () => {
    expect((await t.request({ method: 'GET', url: '/api/support/status' })).json<SupportStatus>().online).toBe(false);
    const watcher = echoClient(base, await t.login(ADMIN_EMAIL));
    const statuses = new Inbox<SupportStatus>();
    watcher.channel('support').listen(`.${SUPPORT_STATUS_EVENT}`, (status: SupportStatus) => statuses.push(status));
    const staff = echoClient(base, await t.login(ADMIN_EMAIL));
    staff.join('admin.chats');
    const [first] = await statuses.waitFor(1);
    expect(first!.online).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/support/status' })).json<SupportStatus>().online).toBe(true);
    staff.disconnect();
    const [, second] = await statuses.waitFor(2);
    expect(second!.online).toBe(false);
    watcher.disconnect();
  });

  it('keeps office hours that staff set, refusing a client and hours that end before they start', async () => {
    const status = (await t.request({ method: 'GET', url: '/api/support/status' })).json<SupportStatus>();
    expect(status.office_hours).toEqual(DEFAULT_OFFICE_HOURS);

    const hours: OfficeHours = { ...DEFAULT_OFFICE_HOURS, days: [1, 2, 3, 4, 5, 6], from: '08:00', to: '20:00', time_zone: 'Europe/Kyiv' };
    const put = (payload: unknown, headers: Record<string, string>) => t.request({ method: 'PUT', url: '/api/admin/support/office-hours', payload: payload as object, headers });
    const { token } = await newClientRoom();
    expect((await put(hours, bearer(token))).statusCode).toBe(403);
    admin = bearer(await t.login(ADMIN_EMAIL));
    const backwards = await put({ ...hours, from: '18:00', to: '09:00' }, { ...admin, 'accept-language': 'ru' });
    expect(backwards.statusCode).toBe(422);
    expect(Object.keys(backwards.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['to']);
    expect((await put({ ...hours, time_zone: 'Mars/Olympus' }, admin)).statusCode).toBe(422);

    const saved = await put(hours, admin);
    expect(saved.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/support/status' })).json<SupportStatus>().office_hours).toEqual(hours);
  });

  it('says whether office hours are on now, in the hours’ own zone: away within them, closed outside with when they next open', async () => {
    const hours: OfficeHours = { ...DEFAULT_OFFICE_HOURS, days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00', time_zone: 'America/New_York' };
    admin = bearer(await t.login(ADMIN_EMAIL));
    expect((await t.request({ method: 'PUT', url: '/api/admin/support/office-hours', payload: hours, headers: admin })).statusCode).toBe(200);
    const status = async (at: string) => {
      t.clock.current = new Date(at);
      return (await t.request({ method: 'GET', url: '/api/support/status' })).json<SupportStatus>();
    };
    // Tuesday 10:00 in New York (15:00 UTC): within the hours, nobody from support online.
    expect(await status('2030-01-15T15:00:00.000Z')).toMatchObject({ online: false, availability: 'away', closes_at: '2030-01-15T23:00:00.000Z', opens_at: null });
    // Friday 18:30 there: closed until Monday 09:00 New York time.
    expect(await status('2030-01-18T23:30:00.000Z')).toMatchObject({ availability: 'closed', opens_at: '2030-01-21T14:00:00.000Z', closes_at: null });
    // Sunday evening before the clocks go forward (10 March 2030): Monday 09:00 is 13:00 UTC, not 14:00.
    expect(await status('2030-03-10T20:00:00.000Z')).toMatchObject({ availability: 'closed', opens_at: '2030-03-11T13:00:00.000Z' });
    // Back to the day the sign-in was made, so that its token is still good.
    t.clock.current = new Date('2030-01-15T11:00:00.000Z');
    expect((await t.request({ method: 'PUT', url: '/api/admin/support/office-hours', payload: DEFAULT_OFFICE_HOURS, headers: admin })).statusCode).toBe(200);
  });

  it('keeps each agent’s alert sound on the server: the same in another browser, not another agent’s, never a client’s', async () => {
    const alerts = (headers: Record<string, string>) => t.request({ method: 'GET', url: '/api/admin/support/alerts', headers });
    const setAlerts = (headers: Record<string, string>, sound: unknown) => t.request({ method: 'PUT', url: '/api/admin/support/alerts', payload: { sound }, headers });
    admin = bearer(await t.login(ADMIN_EMAIL));
    expect((await alerts(admin)).json()).toEqual({ sound: false });
    expect((await setAlerts(admin, true)).json()).toEqual({ sound: true });
    // Signing in again is another browser: the choice is there.
    expect((await alerts(bearer(await t.login(ADMIN_EMAIL)))).json()).toEqual({ sound: true });

    const email = uniqueEmail('agent');
    await t.registerVerified({ first_name: 'Second', second_name: 'Agent', email, password: DEMO_PASSWORD });
    const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const role = await t.db.selectFrom('roles').select('id').where('name', '=', 'admin').executeTakeFirstOrThrow();
    await t.db.insertInto('role_user').values({ user_id: user.id, role_id: role.id }).execute();
    await t.enrolStaff(email);
    const other = bearer(await t.login(email));
    expect((await alerts(other)).json()).toEqual({ sound: false });

    expect((await setAlerts(admin, 'loud')).statusCode).toBe(422);
    const { token } = await newClientRoom();
    expect((await alerts(bearer(token))).statusCode).toBe(403);
    expect((await setAlerts(bearer(token), true)).statusCode).toBe(403);
    expect((await setAlerts(admin, false)).json()).toEqual({ sound: false });
  });
});
