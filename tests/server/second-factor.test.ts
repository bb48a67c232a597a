import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecoveryCodes, SecurityStatus, TotpEnrolment } from '../../contract/security.ts';
import { DEMO_ADMIN_TOTP_SECRET } from '../../server/db/seed.ts';
import { ADMIN_EMAIL, bearer, DEMO_PASSWORD, DIALECTS, startTestApp, uniqueAddress, uniqueEmail, type TestApp } from './support.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';
import { approveVerification } from './wallet-support.ts';

const MINUTE = 60_000;
const codeAt = (secret: string, time: Date) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: time.getTime() });

describe.each(DIALECTS)('second factor on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const code = (secret: string) => codeAt(secret, t.clock.current);
  const get = (url: string, token: string) => t.request({ method: 'GET', url, headers: bearer(token) });
  const loginStep = (email: string, password = DEMO_PASSWORD, cookies: Record<string, string> = {}, remoteAddress = '198.51.100.20') =>
    t.request({ method: 'POST', url: '/api/login', payload: { email, password }, cookies, remoteAddress });
  const secondStep = (payload: object, remoteAddress = '198.51.100.20') => t.request({ method: 'POST', url: '/api/two-factor-challenge', payload, remoteAddress });

  /** A verified client with a confirmed authenticator: its key, recovery codes and a session. */
  async function enrolled() {
    const email = uniqueEmail('mfa');
    await t.registerVerified({ first_name: 'Iryna', second_name: 'Koval', email, password: DEMO_PASSWORD });
    // Remembered, so the session outlives the day the cool-down test moves the clock by.
    const token = await t.login(email, DEMO_PASSWORD, true);
    const begun = await t.post('/api/security/totp', {}, bearer(token));
    expect(begun.statusCode, begun.body).toBe(200);
    const enrolment = begun.json<TotpEnrolment>();
    expect(enrolment.qr_svg).toContain('<svg');
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/Traderoom:/);
    const wrong = await t.post('/api/security/totp/confirm', { code: code(enrolment.secret) === '000000' ? '111111' : '000000' }, bearer(token));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { code: [expect.stringContaining('not valid')] } });
    const confirmed = await t.post('/api/security/totp/confirm', { code: code(enrolment.secret) }, bearer(token));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recovery_codes } = confirmed.json<RecoveryCodes>();
    return { email, token, secret: enrolment.secret, recovery: recovery_codes };
  }

  it('enrols an authenticator with a first code and shows ten distinct recovery codes once', async () => {
    const me = await enrolled();
    expect(me.recovery).toHaveLength(10);
    expect(new Set(me.recovery).size).toBe(10);
    const status = (await get('/api/security', me.token)).json<SecurityStatus>();
    expect(status).toMatchObject({ totp: true, recovery_codes_left: 10, methods: ['totp', 'recovery'], required: false });
    // Stored as keyed hashes: no code is in the database.
    const stored = await t.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored.some((row) => me.recovery.some((c) => row.code_hash.includes(c.replace('-', ''))))).toBe(false);
  });

  it('asks for the code after the password, and refuses wrong, reused and expired codes', async () => {
    const me = await enrolled();
    t.clock.advance(MINUTE);
    const first = await loginStep(me.email);
    expect(first.statusCode).toBe(200);
    const { challenge, methods } = first.json<{ two_factor: true; challenge: string; methods: string[] }>();
    expect(first.json()).not.toHaveProperty('token');
    expect(methods).toEqual(['totp', 'recovery']);

    expect((await secondStep({ challenge, code: '12345x' })).statusCode).toBe(422);
    const good = code(me.secret);
    const wrong = await secondStep({ challenge, code: good === '123456' ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(422);
    const ok = await secondStep({ challenge, code: good });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get('/api/user', ok.json<{ token: string }>().token)).statusCode).toBe(200);

    // The same code again, on a new sign-in within its 30 seconds: refused.
    const again = (await loginStep(me.email)).json<{ challenge: string }>().challenge;
    expect((await secondStep({ challenge: again, code: good })).statusCode).toBe(422);
    // A code from three minutes ago: expired.
    expect((await secondStep({ challenge: again, code: codeAt(me.secret, new Date(t.clock.current.getTime() - 3 * MINUTE)) })).statusCode).toBe(422);
    // The sign-in itself lasts five minutes.
    t.clock.advance(6 * MINUTE);
    const late = await secondStep({ challenge: again, code: code(me.secret) });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ errors: { challenge: [expect.stringContaining('expired')] } });
  });

  it('takes each recovery code once, and one challenge gives one session', async () => {
    const me = await enrolled();
    const challenge = (await loginStep(me.email)).json<{ challenge: string }>().challenge;
    const used = await secondStep({ challenge, recovery_code: ` ${me.recovery[0]!.toUpperCase()} ` });
    expect(used.statusCode, used.body).toBe(200);
    expect((await secondStep({ challenge, recovery_code: me.recovery[1] })).statusCode).toBe(422);
    const next = (await loginStep(me.email)).json<{ challenge: string }>().challenge;
    const reused = await secondStep({ challenge: next, recovery_code: me.recovery[0] });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ errors: { recovery_code: [expect.any(String)] } });
    const status = (await get('/api/security', me.token)).json<SecurityStatus>();
    expect(status.recovery_codes_left).toBe(9);
  });

  it('throttles second-factor guesses on the sign-in’s own counters', async () => {
    const me = await enrolled();
    const address = uniqueAddress();
    const challenge = (await loginStep(me.email, DEMO_PASSWORD, {}, address)).json<{ challenge: string }>().challenge;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await secondStep({ challenge, code: '000000' }, address)).statusCode);
    expect(answers.slice(0, 4).every((s) => s === 422)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('remembers a device for 30 days when asked, until the user forgets it', async () => {
    const me = await enrolled();
    t.clock.advance(MINUTE);
    const challenge = (await loginStep(me.email)).json<{ challenge: string }>().challenge;
    const ok = await secondStep({ challenge, code: code(me.secret), remember_device: true });
    const cookie = ok.cookies.find((c) => c.name === 'trusted_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    const skipped = await loginStep(me.email, DEMO_PASSWORD, { trusted_device: cookie!.value });
    expect(skipped.json()).toHaveProperty('token');
    // Another account in the same browser still gets its second step.
    const other = await enrolled();
    expect((await loginStep(other.email, DEMO_PASSWORD, { trusted_device: cookie!.value })).json()).toHaveProperty('two_factor', true);
    await t.request({ method: 'DELETE', url: '/api/security/devices', headers: bearer(me.token) });
    expect((await loginStep(me.email, DEMO_PASSWORD, { trusted_device: cookie!.value })).json()).toHaveProperty('two_factor', true);
  });

  it('asks for a step-up that lasts five minutes before turning the authenticator off', async () => {
    const me = await enrolled();
    t.clock.advance(6 * MINUTE);
    const refused = await t.request({ method: 'DELETE', url: '/api/security/totp', headers: bearer(me.token) });
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toEqual({ message: 'Confirm it is you to continue.', step_up_required: true, methods: ['totp', 'recovery'] });
    expect((await t.post('/api/security/step-up', { password: DEMO_PASSWORD }, bearer(me.token))).statusCode).toBe(422);
    expect((await t.post('/api/security/step-up', { code: code(me.secret) }, bearer(me.token))).statusCode).toBe(204);
    t.clock.advance(4 * MINUTE);
    expect((await t.request({ method: 'DELETE', url: '/api/security/totp', headers: bearer(me.token) })).statusCode).toBe(204);
    expect((await get('/api/security', me.token)).json<SecurityStatus>()).toMatchObject({ totp: false, recovery_codes_left: 0, methods: ['password'] });
    expect((await loginStep(me.email)).json()).toHaveProperty('token');
  });

  it('lets a step-up expire after five minutes', async () => {
    const me = await enrolled();
    t.clock.advance(MINUTE);
    expect((await t.post('/api/security/step-up', { code: code(me.secret) }, bearer(me.token))).statusCode).toBe(204);
    t.clock.advance(5 * MINUTE + 1000);
    expect((await t.post('/api/security/recovery-codes', {}, bearer(me.token))).statusCode).toBe(423);
  });

  it('holds live withdrawals for 24 hours after a security change, then asks a step-up before one', async () => {
    const me = await enrolled();
    await approveVerification(t, me.email);
    const headers = bearer(me.token);
    const usd = (await get('/api/currencies', me.token)).json<Array<{ id: number; code: string }>>().find((c) => c.code === 'USD')!;
    const live = (await t.post('/api/trading-account/create', { currency_id: usd.id, type: 'live' }, headers)).json<{ id: number }>();
    const method = (await get('/api/payment-methods?currency=USD&direction=withdrawal', me.token)).json<Array<{ id: number }>>()[0]!.id;
    const withdraw = (key: string) => t.post('/api/wallet/withdrawal', { account_id: live.id, amount: '150', payment_method_id: method }, { ...headers, 'idempotency-key': key });
    t.clock.advance(6 * MINUTE);
    // Refused for the hold at once: no code is asked for a withdrawal that cannot go ahead.
    const held = await withdraw('a');
    expect(held.statusCode, held.body).toBe(422);
    const status = (await get('/api/security', me.token)).json<SecurityStatus>();
    expect(status.withdrawals_held_until).not.toBeNull();
    expect(held.json()).toMatchObject({ errors: { amount: [expect.stringContaining('on hold')] }, withdrawals_held_until: status.withdrawals_held_until });
    expect(Date.parse(status.withdrawals_held_until!) - t.clock.current.getTime()).toBeGreaterThan(23 * 60 * MINUTE);

    t.clock.advance(24 * 60 * MINUTE);
    expect((await get('/api/security', me.token)).json<SecurityStatus>().withdrawals_held_until).toBeNull();
    // The hold is over: the withdrawal asks for a step-up, then goes ahead.
    const asked = await withdraw('b');
    expect(asked.statusCode).toBe(423);
    expect(asked.json()).toMatchObject({ step_up_required: true, methods: ['totp', 'recovery'] });
    expect((await t.post('/api/security/step-up', { code: code(me.secret) }, headers)).statusCode).toBe(204);
    const passed = await withdraw('b');
    // Past the step-up and the hold, the wallet's own rules answer: this account holds nothing yet.
    expect(passed.json()).toMatchObject({ errors: { amount: [expect.stringContaining('available balance')] } });
  });

  it('refuses staff without a second factor from the administration, and lets enrolled staff in', async () => {
    const email = uniqueEmail('staff');
    await t.app.services.users.create({ first_name: 'Petro', second_name: 'Staff', email, password: DEMO_PASSWORD, roles: ['admin'], verified: true });
    const token = await t.login(email);
    const refused = await get('/api/admin/wallet-requests', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ two_factor_enrolment_required: true });
    expect((await get('/api/security', token)).json<SecurityStatus>().required).toBe(true);
    // The demo admin is enrolled with the known key: a code from it completes the sign-in.
    const challenge = (await loginStep(ADMIN_EMAIL, DEMO_PASSWORD, {}, uniqueAddress())).json<{ challenge: string }>().challenge;
    t.clock.advance(MINUTE);
    const admin = await secondStep({ challenge, code: code(DEMO_ADMIN_TOTP_SECRET) });
    expect(admin.statusCode, admin.body).toBe(200);
    expect((await get('/api/admin/wallet-requests', admin.json<{ token: string }>().token)).statusCode).toBe(200);
  });

  it('registers, renames and removes passkeys; signs in with one alone or as the second factor', async () => {
    const me = await enrolled();
    const headers = bearer(me.token);
    const device = new SoftwareAuthenticator('http://localhost:8000');
    const options = (await t.post('/api/security/passkeys/options', {}, headers)).json<{ challenge: string; options: { challenge: string; user: { id: string } } }>();
    const created = await t.post('/api/security/passkeys', { challenge: options.challenge, name: 'Laptop', response: device.create(options.options) }, headers);
    expect(created.statusCode, created.body).toBe(201);
    const passkey = created.json<{ id: number; name: string }>();
    // The same ceremony cannot register twice.
    expect((await t.post('/api/security/passkeys', { challenge: options.challenge, name: 'Again', response: device.create(options.options) }, headers)).statusCode).toBe(422);
    const renamed = await t.request({ method: 'PATCH', url: `/api/security/passkeys/${passkey.id}`, payload: { name: 'Work laptop' }, headers });
    expect(renamed.json()).toMatchObject({ name: 'Work laptop' });

    // Alone: a discoverable passkey with user verification.
    const alone = (await t.post('/api/passkeys/sign-in/options', {})).json<{ challenge: string; options: { challenge: string } }>();
    const unverified = await t.post('/api/passkeys/sign-in', { challenge: alone.challenge, response: device.get(alone.options.challenge, { verified: false }) });
    expect(unverified.statusCode).toBe(422);
    const again = (await t.post('/api/passkeys/sign-in/options', {})).json<{ challenge: string; options: { challenge: string } }>();
    const signedIn = await t.post('/api/passkeys/sign-in', { challenge: again.challenge, response: device.get(again.options.challenge) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await get('/api/user', signedIn.json<{ token: string }>().token)).json()).toMatchObject({ email: me.email });
    // A forged origin is refused.
    const forged = (await t.post('/api/passkeys/sign-in/options', {})).json<{ challenge: string; options: { challenge: string } }>();
    expect((await t.post('/api/passkeys/sign-in', { challenge: forged.challenge, response: device.get(forged.options.challenge, { origin: 'https://evil.test' }) })).statusCode).toBe(422);

    // As the second factor after the password.
    const first = (await loginStep(me.email)).json<{ challenge: string; methods: string[] }>();
    expect(first.methods).toEqual(['totp', 'recovery', 'passkey']);
    const assertion = (await t.post('/api/two-factor-challenge/passkey-options', { challenge: first.challenge })).json<{ challenge: string; options: { challenge: string } }>();
    const second = await secondStep({ challenge: first.challenge, passkey: { challenge: assertion.challenge, response: device.get(assertion.options.challenge) } });
    expect(second.statusCode, second.body).toBe(200);

    // Removing needs a step-up; a passkey is one.
    t.clock.advance(6 * MINUTE);
    expect((await t.request({ method: 'DELETE', url: `/api/security/passkeys/${passkey.id}`, headers })).statusCode).toBe(423);
    const stepUp = (await t.post('/api/security/step-up/passkey-options', {}, headers)).json<{ challenge: string; options: { challenge: string } }>();
    expect((await t.post('/api/security/step-up', { passkey: { challenge: stepUp.challenge, response: device.get(stepUp.options.challenge) } }, headers)).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: `/api/security/passkeys/${passkey.id}`, headers })).statusCode).toBe(204);
    expect((await get('/api/security', me.token)).json<SecurityStatus>().passkeys).toEqual([]);
  });
});
