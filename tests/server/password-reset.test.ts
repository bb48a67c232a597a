import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTo } from '../mail/received.ts';
import { bearer, DIALECTS, startTestApp, uniqueEmail, type TestApp } from './support.ts';

const SENT = { status: 'If an account exists for that address, we have e-mailed it a link to reset the password.' };
const BAD_TOKEN = 'This password reset link is invalid, has expired or has already been used.';

describe.each(DIALECTS)('password reset on $name', (dialect) => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** Each request from its own address, so the per-IP limit only matters where a test wants it. */
  const ask = (email: string, headers: Record<string, string> = {}, remoteAddress = `10.1.0.${++ip}`) =>
    t.request({ method: 'POST', url: '/api/password/email', payload: { email }, headers, remoteAddress });

  async function mailedLink(email: string) {
    const link = linkTo(await t.mail.latest(email), '/password/reset/');
    return { token: link.pathname.split('/').pop()!, email: link.searchParams.get('email')!, link };
  }

  const reset = (body: Record<string, unknown>, headers: Record<string, string> = {}) => t.post('/api/password/reset', body, headers);
  const NEW = { password: 'a brand new secret', password_confirmation: 'a brand new secret' };

  it('mails a single-use link to the account, in the language asked in', async () => {
    const account = await t.registerVerified();
    const res = await ask(account.email, { 'accept-language': 'ru' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Если учётная запись с этим адресом существует, мы отправили на него ссылку для сброса пароля.' });
    const mail = await t.mail.latest(account.email);
    expect(mail.subject).toBe('Сброс пароля');
    const { link, token, email } = await mailedLink(account.email);
    expect(link.pathname).toMatch(/^\/ru\/password\/reset\/[A-Za-z0-9_-]{43}$/);
    expect(email).toBe(account.email);
    const stored = await t.db.selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
  });

  it('answers an unknown address exactly alike and mails nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const res = await ask(unknown);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);
    expect(await t.mail.to(unknown)).toHaveLength(0);
  });

  it('mails at most once a minute per address, answering alike meanwhile', async () => {
    const account = await t.registerVerified();
    await ask(account.email);
    t.clock.advance(30_000);
    const again = await ask(account.email);
    expect(again.json()).toEqual(SENT);
    expect((await t.mail.to(account.email)).filter((m) => m.subject === 'Reset your password')).toHaveLength(1);
    t.clock.advance(31_000);
    await ask(account.email);
    expect((await t.mail.to(account.email)).filter((m) => m.subject === 'Reset your password')).toHaveLength(2);
  });

  it('refuses a seventh request a minute from one address with 429', async () => {
    for (let i = 0; i < 6; i++) expect((await ask(uniqueEmail('x'), {}, '10.2.0.1')).statusCode).toBe(200);
    const refused = await ask(uniqueEmail('x'), {}, '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('sets the new password, signs out every session and mails a notice', async () => {
    const account = await t.registerVerified();
    const token = await t.login(account.email, account.password);
    await ask(account.email);
    const link = await mailedLink(account.email);

    const res = await reset({ token: link.token, email: link.email, ...NEW });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Your password has been reset. Sign in with the new one.' });
    expect((await t.request({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.post('/api/login', { email: account.email, password: account.password })).statusCode).toBe(422);
    expect((await t.post('/api/login', { email: account.email, password: NEW.password })).statusCode).toBe(200);
    expect((await t.mail.latest(account.email)).subject).toBe('Your password was changed');
  });

  it('refuses a reused token with 422 on the email field', async () => {
    const account = await t.registerVerified();
    await ask(account.email);
    const link = await mailedLink(account.email);
    expect((await reset({ token: link.token, email: link.email, ...NEW })).statusCode).toBe(200);
    const again = await reset({ token: link.token, email: link.email, password: 'yet another secret', password_confirmation: 'yet another secret' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: BAD_TOKEN, errors: { email: [BAD_TOKEN] } });
    expect((await t.post('/api/login', { email: account.email, password: NEW.password })).statusCode).toBe(200);
  });

  it('refuses a token past its 60 minutes', async () => {
    const account = await t.registerVerified();
    await ask(account.email);
    const link = await mailedLink(account.email);
    t.clock.advance(60 * 60_000);
    expect((await reset({ token: link.token, email: link.email, ...NEW })).json().errors.email).toEqual([BAD_TOKEN]);
  });

  it("refuses a token with another account's address, and a made-up token", async () => {
    const owner = await t.registerVerified();
    const other = await t.registerVerified();
    await ask(owner.email);
    const link = await mailedLink(owner.email);
    expect((await reset({ token: link.token, email: other.email, ...NEW })).statusCode).toBe(422);
    expect((await reset({ token: 'A'.repeat(43), email: owner.email, ...NEW })).statusCode).toBe(422);
    // The refusals did not spend the owner's token.
    expect((await reset({ token: link.token, email: owner.email, ...NEW })).statusCode).toBe(200);
  });

  it('validates the new password: length, confirmation, the most common ones, in the language asked', async () => {
    const account = await t.registerVerified();
    await ask(account.email);
    const link = await mailedLink(account.email);
    const short = await reset({ token: link.token, email: link.email, password: 'short', password_confirmation: 'short' });
    expect(short.json().errors).toEqual({ password: ['The password field must be at least 8 characters.'] });
    const common = await reset({ token: link.token, email: link.email, password: 'iloveyou1', password_confirmation: 'iloveyou1' }, { 'accept-language': 'ru' });
    expect(common.json().errors).toEqual({ password: ['Это один из самых распространённых паролей. Выберите пароль, который сложнее угадать.'] });
    const own = await reset({ token: link.token, email: link.email, password: link.email, password_confirmation: link.email }, { 'accept-language': 'ua' });
    expect(own.json().errors).toEqual({ password: ['Пароль не може збігатися з адресою електронної пошти. Оберіть пароль, який важче вгадати.'] });
    const repeated = await reset({ token: link.token, email: link.email, password: '11111111', password_confirmation: '11111111' });
    expect(repeated.json().errors).toEqual({ password: ['The password must not be one character repeated. Choose one that is harder to guess.'] });
    const missing = await reset({});
    expect(Object.keys(missing.json().errors)).toEqual(['token', 'email', 'password', 'password_confirmation']);
    // None of these spent the token.
    expect((await reset({ token: link.token, email: link.email, ...NEW })).statusCode).toBe(200);
  });

  it('counts a reset through the mailed link as proof of the address', async () => {
    const email = uniqueEmail('unverified');
    await t.post('/api/register', { first_name: 'A', second_name: 'B', email, password: 'a good password', password_confirmation: 'a good password' });
    await ask(email);
    const link = await mailedLink(email);
    await reset({ token: link.token, email, ...NEW });
    expect((await t.post('/api/login', { email, password: NEW.password })).statusCode).toBe(200);
  });
});
