import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../contract/money.ts';
import type { NotificationCreated, NotificationPage, NotificationPreference } from '../../contract/notifications.ts';
import { notificationPageSchema } from '../../contract/notifications.schema.ts';
import type { LedgerEntry } from '../../contract/trading.ts';
import { linkTo } from '../mail/received.ts';
import { listen, RawClient } from './realtime-support.ts';
import { ADMIN_EMAIL, bearer, DEMO_PASSWORD, DIALECTS, startTestApp, type TestApp, uniqueAddress, uniqueEmail } from './support.ts';
import { walletClient } from './wallet-support.ts';

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_MAC_NEWER = CHROME_MAC.replace('131.0.0.0', '133.0.0.0');
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe.each(DIALECTS)('notifications on $name', (dialect) => {
  let t: TestApp;
  let port: number;
  let admin: Record<string, string>;
  const sockets: RawClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    ({ port } = await listen(t.app));
    admin = bearer(await t.login(ADMIN_EMAIL));
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  /** A socket signed in as the token's user, as the app's pusher-js signs in: it receives `#server-to-user-{id}`. */
  async function signedInSocket(token: string): Promise<RawClient> {
    const socket = await RawClient.open(port);
    sockets.push(socket);
    const res = await t.post('/broadcasting/user-auth', { socket_id: socket.socketId }, bearer(token));
    socket.send({ event: 'pusher:signin', data: res.json() });
    await socket.until('pusher:signin_success');
    return socket;
  }

  /** A verified client signed in from Chrome on a Mac, in `lang`. */
  async function client(lang = 'en', address = uniqueAddress()) {
    const account = await t.registerVerified({ email: uniqueEmail('notify'), password: DEMO_PASSWORD });
    const res = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: account.email, password: DEMO_PASSWORD },
      headers: { 'user-agent': CHROME_MAC, 'accept-language': lang },
      remoteAddress: address,
    });
    const token = res.json<{ token: string }>().token;
    return { ...account, token, headers: bearer(token), address };
  }

  const list = async (headers: Record<string, string>) => {
    const res = await t.request({ method: 'GET', url: '/api/notifications', headers });
    expect(res.statusCode).toBe(200);
    return notificationPageSchema.parse(res.json()) as NotificationPage;
  };
  const setSwitches = (headers: Record<string, string>, preferences: unknown) =>
    t.request({ method: 'PUT', url: '/api/settings/notifications', headers, payload: { preferences } });

  /** A pending live deposit of 250.00 USD by a client that signed in in `lang`. */
  async function pendingDeposit(lang: string) {
    const wallet = await walletClient(t);
    await t.request({ method: 'POST', url: '/api/login', payload: { email: wallet.email, password: DEMO_PASSWORD }, headers: { 'accept-language': lang } });
    const account = await wallet.open('USD', 'live');
    const res = await wallet.deposit(account.id, '250.00');
    expect(res.statusCode, res.body).toBe(201);
    return { wallet, account, entry: res.json<LedgerEntry>() };
  }

  it('tells a client live, in the list and by mail in their language when staff reject their deposit', async () => {
    const { wallet, account, entry } = await pendingDeposit('ru');
    const socket = await signedInSocket(wallet.token);

    const decided = await t.post(`/api/admin/wallet-requests/${entry.id}/reject`, { reason: 'Карта оформлена не на ваше имя.' }, admin);
    expect(decided.statusCode, decided.body).toBe(200);

    const live = (await socket.until('notification.created')).data as NotificationCreated;
    expect(live.unread).toBe(1);
    expect(live.notification).toMatchObject({
      event: 'money_request.rejected',
      payload: { entry_id: entry.id, kind: 'deposit', amount: 25_000, currency: 'USD', account_number: account.number, reason: 'Карта оформлена не на ваше имя.' },
      link: '/history',
      read_at: null,
    });
    const page = await list(wallet.headers);
    expect(page.meta.unread).toBe(1);
    expect(page.data[0]).toEqual(live.notification);

    const mail = await t.mail.latest(wallet.email);
    expect(mail.subject).toBe(`Пополнение на ${formatMoney(25_000, 'USD', 2, 'ru')} отклонено`);
    expect(mail.text).toContain('Карта оформлена не на ваше имя.');
    expect(mail.html).toContain('<html lang="ru">');
    expect(linkTo(mail, '/history').pathname).toBe('/ru/history');
  });

  it('tells nobody else, and an approval is told as one', async () => {
    const { wallet, entry } = await pendingDeposit('en');
    const bystander = await client();
    const theirs = await signedInSocket(bystander.token);
    await t.post(`/api/admin/wallet-requests/${entry.id}/approve`, undefined, admin);
    const page = await list(wallet.headers);
    expect(page.data.map((n) => n.event)).toEqual(['money_request.approved']);
    expect((await t.mail.latest(wallet.email)).subject).toBe('Your deposit of $250.00 was approved');
    expect((await list(bystander.headers)).meta).toMatchObject({ total: 0, unread: 0 });
    theirs.send({ event: 'pusher:ping', data: {} });
    await theirs.until('pusher:pong');
    expect(theirs.frames.map((f) => f.event)).not.toContain('notification.created');
  });

  it('stores in-app but mails nothing when the e-mail switch is off, and mails but stores nothing when in-app is off', async () => {
    const me = await client();
    const saved = await setSwitches(me.headers, [{ event: 'document.rejected', in_app: true, email: false }, { event: 'document.approved', in_app: false, email: true }]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<NotificationPreference[]>().find((p) => p.event === 'document.rejected')).toEqual({ event: 'document.rejected', in_app: true, email: false, email_locked: false });
    const mailsBefore = (await t.mail.to(me.email)).length;

    const user = await t.db.selectFrom('users').select('id').where('email', '=', me.email).executeTakeFirstOrThrow();
    const document = async () =>
      (
        await t.db
          .insertInto('verification_documents')
          .values({ user_id: user.id, kind: 'identity', status: 'pending', original_name: 'id.png', mime_type: 'image/png', size: 1, storage_name: randomUUID(), rejection_reason: null, reviewer_id: null, submitted_at: new Date().toISOString(), reviewed_at: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const rejected = await document();
    expect((await t.post(`/api/admin/verifications/${rejected}/reject`, { reason: 'The photo is blurred.' }, admin)).statusCode).toBe(200);
    const page = await list(me.headers);
    expect(page.data).toEqual([expect.objectContaining({ event: 'document.rejected', payload: { document_id: rejected, kind: 'identity', reason: 'The photo is blurred.' }, link: '/settings/verification' })]);
    expect(await t.mail.to(me.email)).toHaveLength(mailsBefore);

    await t.db.updateTable('verification_documents').set({ status: 'rejected' }).where('id', '=', rejected).execute();
    const approved = await document();
    expect((await t.post(`/api/admin/verifications/${approved}/approve`, undefined, admin)).statusCode).toBe(200);
    expect((await list(me.headers)).meta.total).toBe(1);
    expect((await t.mail.latest(me.email)).subject).toBe('Your proof of identity was approved');
  });

  it('always mails security notices: their e-mail switch stays on', async () => {
    const me = await client('ua');
    const saved = await setSwitches(me.headers, [{ event: 'security.password_changed', in_app: true, email: false }]);
    expect(saved.json<NotificationPreference[]>().find((p) => p.event === 'security.password_changed')).toEqual({
      event: 'security.password_changed',
      in_app: true,
      email: true,
      email_locked: true,
    });
    const res = await t.request({
      method: 'PATCH',
      url: '/api/settings/password',
      headers: me.headers,
      payload: { current_password: DEMO_PASSWORD, password: 'a fresh passphrase', password_confirmation: 'a fresh passphrase' },
    });
    expect(res.statusCode).toBe(204);
    expect((await t.mail.latest(me.email)).subject).toBe('Ваш пароль змінено');
    expect((await list(me.headers)).data[0]).toMatchObject({ event: 'security.password_changed', link: '/settings/profile' });
  });

  it('tells of a sign-in from a new device, not from a known one nor an updated browser', async () => {
    // Known means the same device from the same network (docs/adr/0088): the client's first sign-in was from there.
    const me = await client('en', '198.51.100.9');
    const signIn = (userAgent: string) =>
      t.request({ method: 'POST', url: '/api/login', payload: { email: me.email, password: DEMO_PASSWORD }, headers: { 'user-agent': userAgent }, remoteAddress: '198.51.100.4' });
    await signIn(CHROME_MAC_NEWER);
    expect((await list(me.headers)).meta.total).toBe(0);
    await signIn(FIREFOX_LINUX);
    const [notice] = (await list(me.headers)).data;
    expect(notice).toMatchObject({ event: 'security.new_device', payload: { device: 'Firefox 128, Linux', ip: '198.51.100.4' } });
    const mail = await t.mail.latest(me.email);
    expect(mail.subject).toBe('Sign-in from a new device');
    expect(mail.text).toContain('Firefox 128, Linux, address 198.51.100.4');
    await signIn(FIREFOX_LINUX);
    expect((await list(me.headers)).meta.total).toBe(1);
  });

  it('tells the previous address when the e-mail changes', async () => {
    const me = await client();
    const next = uniqueEmail('moved');
    // A new address needs a step-up; without a second factor the password is the proof.
    expect((await t.post('/api/security/step-up', { password: DEMO_PASSWORD }, me.headers)).statusCode).toBe(204);
    await t.request({ method: 'PATCH', url: '/api/settings/profile', headers: me.headers, payload: { first_name: 'Ivan', second_name: 'Petrenko', email: next } });
    const link = linkTo(await t.mail.latest(next), '/email/verify/');
    expect((await t.post(`/api/email/verify/${link.pathname.split('/').pop()}${link.search}`, undefined)).statusCode).toBe(200);
    const notice = await t.mail.latest(me.email);
    expect(notice.subject).toBe('The e-mail address of your account was changed');
    expect(notice.text).toContain(`from ${me.email} to ${next}`);
    expect((await list(me.headers)).data[0]).toMatchObject({ event: 'security.email_changed', payload: { previous: me.email, current: next } });
  });

  it('marks one or all read, and never another user’s', async () => {
    const me = await client();
    const other = await client();
    const notify = t.app.services.notifications.notify;
    const meId = (await t.request({ method: 'GET', url: '/api/user', headers: me.headers })).json<{ id: number }>().id;
    const ticket = { ticket_id: 7, number: 'T-000007', subject: 'Spread' };
    const first = (await notify(meId, 'ticket.reply', { ...ticket, from: 'Anna' }))!;
    await notify(meId, 'ticket.status', { ...ticket, status: 'resolved' });
    expect((await t.request({ method: 'GET', url: '/api/notifications/unread-count', headers: me.headers })).json()).toEqual({ unread: 2 });

    const stolen = await t.post(`/api/notifications/${first.id}/read`, undefined, other.headers);
    expect(stolen.statusCode).toBe(404);
    expect((await list(me.headers)).meta.unread).toBe(2);

    expect((await t.post(`/api/notifications/${first.id}/read`, undefined, me.headers)).json()).toEqual({ unread: 1 });
    const page = await list(me.headers);
    expect(page.data.map((n) => [n.event, n.read_at !== null])).toEqual([
      ['ticket.status', false],
      ['ticket.reply', true],
    ]);
    expect(page.data[0]!.link).toBe('/tickets/7');
    expect((await t.post('/api/notifications/read-all', undefined, me.headers)).json()).toEqual({ unread: 0 });
    expect((await t.post('/api/notifications/read-all', undefined)).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('pages newest first', async () => {
    const me = await client();
    const meId = (await t.request({ method: 'GET', url: '/api/user', headers: me.headers })).json<{ id: number }>().id;
    for (let i = 1; i <= 3; i++) await t.app.services.notifications.notify(meId, 'ticket.status', { ticket_id: i, number: `T-00000${i}`, subject: 's', status: 'open' });
    const res = await t.request({ method: 'GET', url: '/api/notifications?page=2&per_page=2', headers: me.headers });
    const page = res.json<NotificationPage>();
    expect(page.meta).toEqual({ current_page: 2, per_page: 2, total: 3, last_page: 2, unread: 3 });
    expect(page.data.map((n) => (n.payload as { ticket_id: number }).ticket_id)).toEqual([1]);
  });

  it('shows staff the events only staff receive', async () => {
    const events = (await t.request({ method: 'GET', url: '/api/settings/notifications', headers: admin })).json<NotificationPreference[]>().map((p) => p.event);
    expect(events).toContain('ticket.new');
    const me = await client();
    const mine = (await t.request({ method: 'GET', url: '/api/settings/notifications', headers: me.headers })).json<NotificationPreference[]>().map((p) => p.event);
    expect(mine).not.toContain('ticket.new');
    expect(mine).toContain('money_request.rejected');
  });
});
