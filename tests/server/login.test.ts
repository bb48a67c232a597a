import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginResponseSchema } from '../../contract/auth.schema.ts';
import { LIMITS } from '../../server/services/index.ts';
import { ADMIN_EMAIL, CLIENT_EMAIL, DEMO_PASSWORD, DIALECTS, fakeDate, startTestApp, uniqueAddress, uniqueEmail, type TestApp } from './support.ts';

const BAD_CREDENTIALS = {
  message: 'These credentials do not match our records.',
  errors: { email: ['These credentials do not match our records.'] },
};

describe.each(DIALECTS)('POST /api/login on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** A fresh account, so throttle counts in one test never touch another's. */
  async function account(password = 'a good password') {
    return t.registerVerified({ email: uniqueEmail('login'), password });
  }

  const attempt = (email: string, password: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.request({ method: 'POST', url: '/api/login', payload: { email, password }, headers, ...(remoteAddress ? { remoteAddress } : {}) });

  it('signs in and answers a bearer token that lasts two hours', async () => {
    const res = await t.post('/api/login', { email: CLIENT_EMAIL, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = loginResponseSchema.strict().parse(res.json());
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 7200 });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('issues a token for 365 days when asked to remember', async () => {
    const res = await t.post('/api/login', { email: CLIENT_EMAIL, password: DEMO_PASSWORD, remember: true });
    expect(res.json().expires_in).toBe(365 * 24 * 60 * 60);
  });

  it('issues a different token at every sign-in', async () => {
    expect(await t.login(CLIENT_EMAIL)).not.toBe(await t.login(CLIENT_EMAIL));
  });

  it('ignores the letter case and surrounding spaces of the e-mail', async () => {
    const res = await t.post('/api/login', { email: `  ${ADMIN_EMAIL.toUpperCase()} `, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password with 422 on the email field', async () => {
    const { email } = await account();
    const res = await attempt(email, 'not the password');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(BAD_CREDENTIALS);
  });

  it('answers an unknown e-mail exactly as a wrong password, so accounts cannot be probed', async () => {
    const res = await attempt(uniqueEmail('nobody'), 'whatever it is');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(BAD_CREDENTIALS);
  });

  it('translates the bad-credentials message', async () => {
    const ru = await attempt(uniqueEmail('nobody'), 'x', { 'accept-language': 'ru' });
    expect(ru.json().errors.email).toEqual(['Неверный адрес электронной почты или пароль.']);
    const ua = await attempt(uniqueEmail('nobody'), 'x', { 'accept-language': 'ua' });
    expect(ua.json().message).toBe('Неправильна адреса електронної пошти або пароль.');
  });

  it('requires the e-mail and the password', async () => {
    const res = await t.post('/api/login', {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The e-mail field is required. (and 1 more error)',
      errors: { email: ['The e-mail field is required.'], password: ['The password field is required.'] },
    });
  });

  it('refuses a remember flag that is not a boolean', async () => {
    const res = await t.post('/api/login', { email: CLIENT_EMAIL, password: DEMO_PASSWORD, remember: 'yes' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ remember: ['The remember me field must be true or false.'] });
  });

  it('refuses a malformed e-mail before looking anything up', async () => {
    const res = await t.post('/api/login', { email: 'admin', password: DEMO_PASSWORD });
    expect(res.json().errors).toEqual({ email: ['The e-mail field must be a valid email address.'] });
  });

  it('answers 429 with Retry-After after five failures in a minute, even for the right password', async () => {
    const { email, password } = await account();
    for (let i = 0; i < 5; i++) expect((await attempt(email, 'wrong')).statusCode).toBe(422);

    const res = await attempt(email, password);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('translates the throttle message', async () => {
    const { email } = await account();
    for (let i = 0; i < 5; i++) await attempt(email, 'wrong');
    expect((await attempt(email, 'wrong', { 'accept-language': 'ru' })).json()).toEqual({ message: 'Слишком много попыток.' });
    expect((await attempt(email, 'wrong', { 'accept-language': 'ua' })).json()).toEqual({ message: 'Забагато спроб.' });
  });

  it('throttles per e-mail and IP: another e-mail, or the same one from another IP, still gets in', async () => {
    const locked = await account();
    const other = await account();
    for (let i = 0; i < 5; i++) await attempt(locked.email, 'wrong', {}, '198.51.100.7');
    expect((await attempt(locked.email, locked.password, {}, '198.51.100.7')).statusCode).toBe(429);

    expect((await attempt(other.email, other.password, {}, '198.51.100.7')).statusCode).toBe(200);
    expect((await attempt(locked.email, locked.password, {}, '203.0.113.9')).statusCode).toBe(200);
  });

  it('counts the e-mail in any letter case as the same key', async () => {
    const { email, password } = await account();
    for (let i = 0; i < 5; i++) await attempt(i % 2 ? email.toUpperCase() : email, 'wrong');
    expect((await attempt(email, password)).statusCode).toBe(429);
  });

  it('lifts the throttle once the minute has passed, counting Retry-After down meanwhile', async () => {
    fakeDate();
    const { email, password } = await account();
    for (let i = 0; i < 5; i++) await attempt(email, 'wrong');
    t.clock.advance(20_000);
    expect((await attempt(email, password)).headers['retry-after']).toBe('40');
    t.clock.advance(40_000);
    expect((await attempt(email, password)).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const { email, password } = await account();
    for (let i = 0; i < 4; i++) await attempt(email, 'wrong');
    expect((await attempt(email, password)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(email, 'wrong')).statusCode).toBe(422);
    expect((await attempt(email, password)).statusCode).toBe(429);
  });

  describe('requests sent together', () => {
    const TOO_MANY = { message: 'Too Many Attempts.' };

    /** Counts the password checks (a known account's hash, or the equal-cost burn for an unknown one). */
    function countChecks() {
      const verify = vi.spyOn(t.app.services.passwords, 'verify');
      const burn = vi.spyOn(t.app.services.passwords, 'burn');
      return () => verify.mock.calls.length + burn.mock.calls.length;
    }

    it('verifies at most five of 200 guesses sent at once; the right one among the rest is refused with 429', async () => {
      const { email, password } = await account();
      const from = uniqueAddress();
      const checks = countChecks();
      const guesses = Array.from({ length: 200 }, (_, i) => (i === 100 ? password : `wrong guess ${i}`));

      const answers = await Promise.all(guesses.map((guess) => attempt(email, guess, {}, from)));

      expect(checks()).toBeLessThanOrEqual(LIMITS.login.points);
      expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(LIMITS.login.points);
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(refused).toHaveLength(200 - LIMITS.login.points);
      expect(answers[100]!.statusCode).toBe(429);
      for (const res of refused) {
        expect(res.json()).toEqual(TOO_MANY);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
    });

    it('checks the password of the right guess among five sent at once and signs in', async () => {
      const { email, password } = await account();
      const from = uniqueAddress();
      const answers = await Promise.all(['w1', 'w2', password, 'w3', 'w4'].map((guess) => attempt(email, guess, {}, from)));
      expect(answers.map((a) => a.statusCode)).toEqual([422, 422, 200, 422, 422]);
    });

    it('limits one account to 100 failures an hour from any number of addresses', async () => {
      fakeDate();
      const { email, password } = await account();
      const checks = countChecks();
      // 25 addresses × 5 guesses each: every address is within its own limit.
      const answers = await Promise.all(
        Array.from({ length: 25 }, () => uniqueAddress()).flatMap((from) => Array.from({ length: 5 }, () => attempt(email, 'wrong', {}, from))),
      );
      expect(checks()).toBe(LIMITS.loginAccount.points);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(125 - LIMITS.loginAccount.points);

      const refused = await attempt(email, password, {}, uniqueAddress());
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      t.clock.advance(LIMITS.loginAccount.windowSeconds * 1000);
      expect((await attempt(email, password, {}, uniqueAddress())).statusCode).toBe(200);
    });

    it('limits one address to 50 failures an hour across many e-mails (password spraying)', async () => {
      const from = uniqueAddress();
      const checks = countChecks();
      const answers = await Promise.all(Array.from({ length: 60 }, () => attempt(uniqueEmail('spray'), 'Summer2030!', {}, from)));
      expect(checks()).toBe(LIMITS.loginAddress.points);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(60 - LIMITS.loginAddress.points);

      // Even a right password from that address waits; other addresses are not concerned.
      const { email, password } = await account();
      expect((await attempt(email, password, {}, from)).statusCode).toBe(429);
      expect((await attempt(email, password, {}, uniqueAddress())).statusCode).toBe(200);
    });

    it('does not count a successful sign-in against the address', async () => {
      const from = uniqueAddress();
      const { email, password } = await account();
      for (let i = 0; i < LIMITS.loginAddress.points + 5; i++) expect((await attempt(email, password, {}, from)).statusCode).toBe(200);
    });
  });
});
