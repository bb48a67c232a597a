import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityStatus } from '../../contract/security.ts';
import type { NotMeResult, SecurityEventPage } from '../../contract/security-activity.ts';
import { networkOf } from '../../server/services/sign-in-alerts.ts';
import { linkTo } from '../mail/received.ts';
import { ADMIN_EMAIL, bearer, DEMO_PASSWORD, DIALECTS, startTestApp, uniqueAddress, uniqueEmail, type TestApp } from './support.ts';
import { walletClient } from './wallet-support.ts';

const DAY = 86_400_000;
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('the network a sign-in comes from', () => {
  it('is an IPv4 /24 or an IPv6 /48, whatever way the address is written', () => {
    expect(networkOf('198.51.100.4')).toBe(networkOf('198.51.100.200'));
    expect(networkOf('::ffff:198.51.100.4')).toBe('198.51.100');
    expect(networkOf('198.51.101.4')).not.toBe(networkOf('198.51.100.4'));
    expect(networkOf('2001:db8:0:1::5')).toBe(networkOf('2001:0db8:0000:ffff::1'));
    expect(networkOf('2001:db8:1::5')).not.toBe(networkOf('2001:db8::5'));
  });
});

describe.each(DIALECTS)('security alerts and the feed on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const signIn = (email: string, userAgent: string, remoteAddress: string, password = DEMO_PASSWORD) =>
    t.request({ method: 'POST', url: '/api/login', payload: { email, password }, headers: { 'user-agent': userAgent }, remoteAddress });
  const feed = async (token: string, page = 1) => {
    const res = await t.request({ method: 'GET', url: `/api/security/activity?page=${page}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SecurityEventPage>();
  };
  const alerts = async (email: string) => (await t.mail.to(email)).filter((m) => m.subject === 'Sign-in from a new device');

  /** A verified client signed in once from Chrome on a Mac at `home`. */
  async function client(home = uniqueAddress()) {
    const email = uniqueEmail('alert');
    await t.registerVerified({ email, password: DEMO_PASSWORD });
    const first = await signIn(email, CHROME_MAC, home);
    expect(first.statusCode, first.body).toBe(200);
    return { email, home, token: first.json<{ token: string }>().token };
  }

  it('mails once for a new device, and not for a known device on the same network', async () => {
    const me = await client('198.51.100.10');
    // Chrome again on the same /24: known.
    expect((await signIn(me.email, CHROME_MAC, '198.51.100.77')).statusCode).toBe(200);
    expect(await alerts(me.email)).toHaveLength(0);
    // Firefox from elsewhere: one alert, with the device, the address and a "This wasn't me" link.
    expect((await signIn(me.email, FIREFOX_LINUX, '203.0.113.9')).statusCode).toBe(200);
    const [mail, ...more] = await alerts(me.email);
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain('Firefox 128, Linux, address 203.0.113.9');
    expect(linkTo(mail!, '/en/security/not-me/').pathname).toMatch(/^\/en\/security\/not-me\/[\w-]{40,}$/);
    // The same device and network a second time: no second mail.
    expect((await signIn(me.email, FIREFOX_LINUX, '203.0.113.9')).statusCode).toBe(200);
    expect(await alerts(me.email)).toHaveLength(1);
  });

  it('mails for a known browser on a new network, and again after 90 days without it', async () => {
    const me = await client('192.0.2.10');
    expect((await signIn(me.email, CHROME_MAC, '203.0.113.50')).statusCode).toBe(200);
    expect(await alerts(me.email)).toHaveLength(1);
    t.clock.advance(91 * DAY);
    expect((await signIn(me.email, CHROME_MAC, '203.0.113.50')).statusCode).toBe(200);
    expect(await alerts(me.email)).toHaveLength(2);
  });

  it('writes the alert in the user’s language', async () => {
    const email = uniqueEmail('alert-ua');
    await t.registerVerified({ email, password: DEMO_PASSWORD });
    const login = (ua: string, ip: string) =>
      t.request({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD }, headers: { 'user-agent': ua, 'accept-language': 'ua' }, remoteAddress: ip });
    await login(CHROME_MAC, '192.0.2.20');
    await login(FIREFOX_LINUX, '203.0.113.20');
    const mail = await t.mail.latest(email);
    expect(mail.subject).toBe('Вхід з нового пристрою');
    expect(mail.lang).toBe('uk');
    expect(mail.text).toContain('Це був не я');
    expect(linkTo(mail, '/ua/security/not-me/').href).toBeTruthy();
  });

  it('“This wasn’t me” signs out everywhere, holds withdrawals, mails a reset link, and works once', async () => {
    const wallet = await walletClient(t);
    const stolen = await signIn(wallet.email, FIREFOX_LINUX, '203.0.113.77');
    expect(stolen.statusCode).toBe(200);
    const intruder = stolen.json<{ token: string }>().token;
    const link = linkTo((await alerts(wallet.email)).at(-1)!, '/security/not-me/');
    const token = link.pathname.split('/').pop()!;

    const res = await t.post('/api/security/not-me', { token });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<NotMeResult>();
    expect(result.sessions_revoked).toBeGreaterThanOrEqual(2);
    expect(result.reset_mailed).toBe(true);
    expect(Date.parse(result.withdrawals_held_until!)).toBe(t.clock.current.getTime() + DAY);
    // Every session is gone, the intruder's and the owner's.
    for (const session of [intruder, wallet.token]) expect((await t.request({ method: 'GET', url: '/api/user', headers: bearer(session) })).statusCode).toBe(401);
    expect(linkTo(await t.mail.latest(wallet.email), '/password/reset/').pathname).toMatch(/^\/en\/password\/reset\//);

    // Signed in again, the owner sees the hold, and a live withdrawal is refused until it ends.
    const again = bearer(await t.login(wallet.email, DEMO_PASSWORD, true));
    expect((await t.request({ method: 'GET', url: '/api/security', headers: again })).json<SecurityStatus>().withdrawals_held_until).toBe(result.withdrawals_held_until);
    const live = await t.post('/api/trading-account/create', { currency_id: 1, type: 'live' }, again);
    expect(live.statusCode, live.body).toBe(201);
    const step = await t.post('/api/security/step-up', { password: DEMO_PASSWORD }, again);
    expect(step.statusCode).toBe(204);
    const account = live.json<{ id: number; currency: { code: string } }>();
    const methods = await t.request({ method: 'GET', url: `/api/payment-methods?currency=${account.currency.code}&direction=withdrawal`, headers: again });
    const method = methods.json<Array<{ id: number }>>()[0]!.id;
    const refused = await t.post('/api/wallet/withdrawal', { account_id: account.id, amount: '150', payment_method_id: method }, { ...again, 'idempotency-key': crypto.randomUUID() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { amount: [expect.any(String)] }, withdrawals_held_until: result.withdrawals_held_until });

    // Used once.
    const reused = await t.post('/api/security/not-me', { token });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ errors: { token: [expect.stringContaining('expired or was already used')] } });
    // The feed tells of it.
    expect((await feed(again.authorization.slice(7))).data.map((e) => e.kind)).toContain('not_me');
  });

  it('refuses an expired “This wasn’t me” link and leaves the sessions alone', async () => {
    const me = await client();
    await signIn(me.email, FIREFOX_LINUX, '203.0.113.88');
    const token = linkTo((await alerts(me.email)).at(-1)!, '/security/not-me/').pathname.split('/').pop()!;
    t.clock.advance(7 * DAY + 1_000);
    const res = await t.post('/api/security/not-me', { token });
    expect(res.statusCode).toBe(422);
    expect((await t.post('/api/security/not-me', { token: 'not-a-token' })).statusCode).toBe(422);
    const id = (await t.app.services.users.findByEmail(me.email))!.id;
    const revoked = await t.db.selectFrom('personal_access_tokens').select('id').where('user_id', '=', id).where('revoked_at', 'is not', null).execute();
    expect(revoked).toHaveLength(0);
  });

  it('lists sign-ins with device, address and outcome, and security changes, newest first', async () => {
    const me = await client('192.0.2.30');
    expect((await signIn(me.email, FIREFOX_LINUX, '203.0.113.30', 'a wrong password')).statusCode).toBe(422);
    const changed = await t.request({
      method: 'PATCH',
      url: '/api/settings/password',
      headers: bearer(me.token),
      payload: { current_password: DEMO_PASSWORD, password: 'a fresh passphrase', password_confirmation: 'a fresh passphrase' },
    });
    expect(changed.statusCode).toBe(204);
    const token = (await signIn(me.email, CHROME_MAC, '192.0.2.30', 'a fresh passphrase')).json<{ token: string }>().token;
    const page = await feed(token);
    expect(page.data.map((e) => e.kind)).toEqual(['sign_in', 'password_changed', 'sign_in_failed', 'sign_in']);
    expect(page.data[2]).toMatchObject({ reason: 'password', device: 'Firefox 128, Linux', ip: '203.0.113.30' });
    expect(page.data[3]).toMatchObject({ reason: null, device: expect.stringContaining('Chrome 131'), ip: '192.0.2.30' });
  });

  it('pages the feed, shows only the caller’s own events, and drops those older than 90 days', async () => {
    const me = await client('192.0.2.40');
    const other = await client('192.0.2.41');
    // Each from an address of its own: the sign-in throttle counts per e-mail and address.
    for (let i = 0; i < 24; i++) await signIn(me.email, CHROME_MAC, uniqueAddress(), 'wrong password');
    const first = await feed(me.token);
    expect(first.meta).toEqual({ current_page: 1, per_page: 20, total: 25, last_page: 2 });
    expect((await feed(me.token, 2)).data).toHaveLength(5);
    expect((await feed(other.token)).meta.total).toBe(1);
    t.clock.advance(91 * DAY);
    const later = (await signIn(me.email, CHROME_MAC, '192.0.2.40')).json<{ token: string }>().token;
    expect((await feed(later)).meta.total).toBe(1);
    // Older rows are not kept: the sign-in pruned them.
    const stale = await t.db.selectFrom('security_events').select('id').where('created_at', '<', new Date(t.clock.current.getTime() - 90 * DAY).toISOString()).where('user_id', '=', (await t.app.services.users.findByEmail(me.email))!.id).execute();
    expect(stale).toHaveLength(0);
    expect((await t.request({ method: 'GET', url: '/api/security/activity' })).statusCode).toBe(401);
  });

  it('does not alert staff signing in from their remembered device', async () => {
    await t.login(ADMIN_EMAIL);
    expect(await alerts(ADMIN_EMAIL)).toHaveLength(0);
  });
});
