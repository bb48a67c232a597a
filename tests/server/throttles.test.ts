import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../server/services/index.ts';
import { linkTo } from '../mail/received.ts';
import { startRedisServer, type RedisServer } from './redis-server.ts';
import { bearer, DIALECTS, startTestApp, uniqueAddress, uniqueEmail, type TestApp } from './support.ts';

const TOO_MANY = { message: 'Too Many Attempts.' };

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(TOO_MANY);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe.each(DIALECTS)('throttles under requests sent together on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  afterEach(() => void vi.restoreAllMocks());

  const register = (email: string, from: string, headers: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: '/api/register',
      payload: { first_name: 'Ivan', second_name: 'Petrenko', email, password: 'a good password', password_confirmation: 'a good password' },
      headers,
      remoteAddress: from,
    });

  it('checks at most five of 200 current passwords sent at once in the settings; the right one among the rest gets 429', async () => {
    const me = await t.registerVerified();
    const token = await t.login(me.email, me.password);
    const verify = vi.spyOn(t.app.services.passwords, 'verify');
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 100 ? me.password : `wrong guess ${i}`));

    const answers = await Promise.all(
      guesses.map((current) =>
        t.request({
          method: 'PATCH',
          url: '/api/settings/password',
          headers: bearer(token),
          payload: { current_password: current, password: 'a fresh passphrase', password_confirmation: 'a fresh passphrase' },
        }),
      ),
    );

    expect(verify).toHaveBeenCalledTimes(LIMITS.passwordCheck.points);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(LIMITS.passwordCheck.points);
    expectTooMany(answers[100]!);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(200 - LIMITS.passwordCheck.points);
    // The password did not change.
    expect((await t.post('/api/login', { email: me.email, password: me.password })).statusCode).toBe(200);
  });

  it('checks at most five of 200 reset tokens sent at once; the right one among the rest gets 429', async () => {
    const me = await t.registerVerified();
    const from = uniqueAddress();
    await t.request({ method: 'POST', url: '/api/password/email', payload: { email: me.email }, remoteAddress: from });
    const link = linkTo(await t.mail.latest(me.email), '/password/reset/');
    const right = link.pathname.split('/').pop()!;
    const reset = vi.spyOn(t.app.services.passwordResets, 'reset');
    const tokens = Array.from({ length: 200 }, (_, i) => (i === 100 ? right : right.slice(0, -4) + String(1000 + i)));

    const answers = await Promise.all(
      tokens.map((token) =>
        t.request({
          method: 'POST',
          url: '/api/password/reset',
          payload: { email: me.email, token, password: 'a fresh passphrase', password_confirmation: 'a fresh passphrase' },
          remoteAddress: from,
        }),
      ),
    );

    expect(reset).toHaveBeenCalledTimes(LIMITS.passwordReset.points);
    expectTooMany(answers[100]!);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(200 - LIMITS.passwordReset.points);
    // The link still works once the minute is over, or from elsewhere.
    const later = await t.request({
      method: 'POST',
      url: '/api/password/reset',
      payload: { email: me.email, token: right, password: 'a fresh passphrase', password_confirmation: 'a fresh passphrase' },
      remoteAddress: uniqueAddress(),
    });
    expect(later.statusCode).toBe(200);
  });

  describe('mail cannot be used as a flood', () => {
    it('registers ten accounts an hour from one address, then answers 429 (translated) and mails nothing', async () => {
      const from = uniqueAddress();
      const answers = await Promise.all(Array.from({ length: 12 }, () => register(uniqueEmail('flood'), from)));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(LIMITS.register.points);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(12 - LIMITS.register.points);

      const refusedEmail = uniqueEmail('refused');
      const refused = await register(refusedEmail, from, { 'accept-language': 'ru' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'Слишком много попыток.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      expect(await t.mail.to(refusedEmail)).toHaveLength(0);
      // Nothing was stored: the address registers from elsewhere.
      expect((await register(refusedEmail, uniqueAddress())).statusCode).toBe(200);
    });

    it('does not count a registration refused for its input', async () => {
      const from = uniqueAddress();
      for (let i = 0; i < LIMITS.register.points + 2; i++) {
        const bad = await t.request({ method: 'POST', url: '/api/register', payload: { email: 'nope' }, remoteAddress: from });
        expect(bad.statusCode).toBe(422);
      }
      expect((await register(uniqueEmail('ok'), from)).statusCode).toBe(200);
    });

    it('mails one recipient at most five account mails an hour, whoever asks and whether or not the account exists', async () => {
      const victim = uniqueEmail('victim');
      const ask = (url: string) => t.request({ method: 'POST', url, payload: { email: victim }, remoteAddress: uniqueAddress() });
      // Resends and reset requests from many addresses, each within its own per-address limit.
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => ask('/api/email/resend')),
        ...Array.from({ length: 4 }, () => ask('/api/password/email')),
      ]);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(LIMITS.mailRecipient.points);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(8 - LIMITS.mailRecipient.points);
      const ua = await t.request({ method: 'POST', url: '/api/email/resend', payload: { email: victim }, headers: { 'accept-language': 'ua' } });
      expect(ua.statusCode).toBe(429);
      expect(ua.json()).toEqual({ message: 'Забагато спроб.' });
    });

    it('sends one user at most five e-mail-change confirmations an hour', async () => {
      const me = await t.registerVerified();
      const token = await t.login(me.email, me.password);
      // A new e-mail needs a step-up (docs/adr/0084); without a second factor, the password.
      expect((await t.post('/api/security/step-up', { password: me.password }, bearer(token))).statusCode).toBe(204);
      const change = (email: string) =>
        t.request({ method: 'PATCH', url: '/api/settings/profile', headers: bearer(token), payload: { first_name: 'Ivan', second_name: 'Petrenko', email } });
      const targets = Array.from({ length: 7 }, () => uniqueEmail('new'));
      const answers = [];
      for (const target of targets) answers.push(await change(target));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(LIMITS.emailChange.points);
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(refused).toHaveLength(7 - LIMITS.emailChange.points);
      for (const res of refused) expectTooMany(res);
      const mailed = await Promise.all(targets.map((address) => t.mail.to(address)));
      expect(mailed.filter((m) => m.length > 0)).toHaveLength(LIMITS.emailChange.points);
      // Saving the names alone (no mail) is never refused.
      expect((await change(me.email)).statusCode).toBe(200);
    });

    it('sends one recipient at most five e-mail-change confirmations an hour, whichever users ask', async () => {
      const target = uniqueEmail('target');
      const users = await Promise.all(Array.from({ length: 6 }, () => t.registerVerified()));
      const answers = [];
      for (const user of users) {
        const token = await t.login(user.email, user.password);
        expect((await t.post('/api/security/step-up', { password: user.password }, bearer(token))).statusCode).toBe(204);
        answers.push(
          await t.request({
            method: 'PATCH',
            url: '/api/settings/profile',
            headers: bearer(token),
            payload: { first_name: 'Ivan', second_name: 'Petrenko', email: target },
          }),
        );
      }
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(await t.mail.to(target)).toHaveLength(LIMITS.mailRecipient.points);
    });
  });
});

/**
 * Two app instances sharing one redis-server: the throttles count in Redis, so a limit reached
 * through one instance holds through the other.
 */
describe('throttles shared through Redis by two app instances', () => {
  let redis: RedisServer;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    redis = await startRedisServer();
    const dialect = DIALECTS.find((d) => d.name === 'sqlite')!;
    [a, b] = await Promise.all([startTestApp(dialect, { config: { redisUrl: redis.url } }), startTestApp(dialect, { config: { redisUrl: redis.url } })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.stop();
  });
  afterEach(() => void vi.restoreAllMocks());

  const attempt = (app: TestApp, email: string, password: string, remoteAddress: string) =>
    app.request({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

  it('refuses through one instance the sign-ins used up through the other', async () => {
    const email = uniqueEmail('shared');
    const from = uniqueAddress();
    for (let i = 0; i < LIMITS.login.points; i++) expect((await attempt(a, email, 'wrong', from)).statusCode).toBe(422);
    expectTooMany(await attempt(b, email, 'wrong', from));
    // Another address is not concerned.
    expect((await attempt(b, email, 'wrong', uniqueAddress())).statusCode).toBe(422);
  });

  it('checks at most five of 200 guesses sent at once to both instances', async () => {
    const email = uniqueEmail('shared');
    const from = uniqueAddress();
    const checks = [a, b].map((app) => vi.spyOn(app.app.services.passwords, 'burn'));
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => attempt(i % 2 ? a : b, email, `guess ${i}`, from)));
    expect(checks[0]!.mock.calls.length + checks[1]!.mock.calls.length).toBe(LIMITS.login.points);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(200 - LIMITS.login.points);
  });
});
