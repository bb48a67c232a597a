import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userSchema } from '../../contract/user.schema.ts';
import { linkTo } from '../mail/received.ts';
import { bearer, CLIENT_EMAIL, DIALECTS, fakeDate, startTestApp, uniqueEmail, type TestApp } from './support.ts';

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(DIALECTS)('settings on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  afterEach(() => void vi.useRealTimers());

  const patch = (url: string, token: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.request({ method: 'PATCH', url, payload: payload as object, headers: { ...bearer(token), ...headers } });

  async function signedIn(userAgent = CHROME_MAC, remoteAddress = '203.0.113.7') {
    const account = await t.registerVerified();
    const res = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: account.email, password: account.password },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    const token = res.json<{ token: string }>().token;
    // A new e-mail needs a step-up (docs/adr/0084): this client has no second factor, so the password is the proof.
    const stepUp = await t.post('/api/security/step-up', { password: account.password }, bearer(token));
    expect(stepUp.statusCode, stepUp.body).toBe(204);
    return { ...account, token };
  }

  describe('PATCH /api/settings/profile', () => {
    it('saves the names at once and answers the user', async () => {
      const me = await signedIn();
      const res = await patch('/api/settings/profile', me.token, { first_name: ' Oksana ', second_name: 'Bondar', email: me.email });
      expect(res.statusCode).toBe(200);
      const user = userSchema.strict().parse(res.json());
      expect(user).toMatchObject({ first_name: 'Oksana', second_name: 'Bondar', email: me.email, pending_email: null });
    });

    it('keeps a new e-mail pending until the link mailed to it is followed', async () => {
      const me = await signedIn();
      const next = uniqueEmail('moved');
      const res = await patch('/api/settings/profile', me.token, { first_name: 'Ivan', second_name: 'Petrenko', email: next.toUpperCase() });
      expect(res.json()).toMatchObject({ email: me.email, pending_email: next });
      expect((await t.post('/api/login', { email: me.email, password: me.password })).statusCode).toBe(200);
      expect((await t.post('/api/login', { email: next, password: me.password })).statusCode).toBe(422);

      const mail = await t.mail.latest(next);
      expect(mail.subject).toBe('Confirm your new e-mail address');
      const link = linkTo(mail, '/email/verify/');
      const confirmed = await t.post(`/api/email/verify/${link.pathname.split('/').pop()}${link.search}`, undefined);
      expect(confirmed.json()).toEqual({ status: 'Your new e-mail address is confirmed. Use it to sign in from now on.' });

      const user = await t.request({ method: 'GET', url: '/api/user', headers: bearer(me.token) });
      expect(user.json()).toMatchObject({ email: next, pending_email: null });
      expect((await t.post('/api/login', { email: next, password: me.password })).statusCode).toBe(200);
      expect((await t.post('/api/login', { email: me.email, password: me.password })).statusCode).toBe(422);
    });

    it('cancels a pending change when the current e-mail is given back, which voids the link', async () => {
      const me = await signedIn();
      const next = uniqueEmail('moved');
      await patch('/api/settings/profile', me.token, { first_name: 'Ivan', second_name: 'Petrenko', email: next });
      const link = linkTo(await t.mail.latest(next), '/email/verify/');
      const res = await patch('/api/settings/profile', me.token, { first_name: 'Ivan', second_name: 'Petrenko', email: me.email });
      expect(res.json().pending_email).toBeNull();
      expect((await t.post(`/api/email/verify/${link.pathname.split('/').pop()}${link.search}`, undefined)).statusCode).toBe(403);
    });

    it("refuses another account's e-mail, and a link whose address was taken meanwhile", async () => {
      const me = await signedIn();
      const taken = await patch('/api/settings/profile', me.token, { first_name: 'Ivan', second_name: 'Petrenko', email: CLIENT_EMAIL });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ email: ['The e-mail has already been taken.'] });

      const next = uniqueEmail('contested');
      await patch('/api/settings/profile', me.token, { first_name: 'Ivan', second_name: 'Petrenko', email: next });
      const link = linkTo(await t.mail.latest(next), '/email/verify/');
      await t.registerVerified({ email: next });
      const res = await t.post(`/api/email/verify/${link.pathname.split('/').pop()}${link.search}`, undefined);
      expect(res.statusCode).toBe(422);
    });

    it('validates every field, in the language asked', async () => {
      const me = await signedIn();
      const res = await patch('/api/settings/profile', me.token, { first_name: '', second_name: 'x'.repeat(101), email: 'nope' }, { 'accept-language': 'ru' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        first_name: ['Поле «имя» обязательно для заполнения.'],
        second_name: ['Поле «фамилия» должно содержать не более 100 символов.'],
        email: ['В поле «эл. почта» должен быть указан действительный адрес электронной почты.'],
      });
    });

    it('needs a signed-in user', async () => {
      const res = await t.request({ method: 'PATCH', url: '/api/settings/profile', payload: {} });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('PATCH /api/settings/password', () => {
    const change = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) => patch('/api/settings/password', token, body, headers);

    it('changes the password with the current one, answers 204, keeps the sessions and mails a notice', async () => {
      const me = await signedIn();
      const res = await change(me.token, { current_password: me.password, password: 'a fresh passphrase', password_confirmation: 'a fresh passphrase' });
      expect(res.statusCode).toBe(204);
      expect((await t.request({ method: 'GET', url: '/api/user', headers: bearer(me.token) })).statusCode).toBe(200);
      // From the same browser and network: a sign-in from another would add its own new-device mail.
      const again = await t.request({ method: 'POST', url: '/api/login', payload: { email: me.email, password: 'a fresh passphrase' }, headers: { 'user-agent': CHROME_MAC }, remoteAddress: '203.0.113.7' });
      expect(again.statusCode).toBe(200);
      expect((await t.mail.latest(me.email)).subject).toBe('Your password was changed');
    });

    it('refuses a wrong current password with 422 on current_password', async () => {
      const me = await signedIn();
      const res = await change(me.token, { current_password: 'not it at all', password: 'a fresh passphrase', password_confirmation: 'a fresh passphrase' }, { 'accept-language': 'uk' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Неправильний пароль.', errors: { current_password: ['Неправильний пароль.'] } });
      expect((await t.post('/api/login', { email: me.email, password: me.password })).statusCode).toBe(200);
    });

    it('refuses the account e-mail address, one character repeated and only spaces as the new password', async () => {
      const me = await signedIn();
      const email = await change(me.token, { current_password: me.password, password: me.email.toUpperCase(), password_confirmation: me.email.toUpperCase() });
      expect(email.json().errors).toEqual({ password: ['The password must not be your e-mail address. Choose one that is harder to guess.'] });
      const repeated = await change(me.token, { current_password: me.password, password: 'zzzzzzzz', password_confirmation: 'zzzzzzzz' }, { 'accept-language': 'ua' });
      expect(repeated.json().errors).toEqual({ password: ['Пароль не може складатися з одного символу, що повторюється. Оберіть пароль, який важче вгадати.'] });
      const blank = await change(me.token, { current_password: me.password, password: ' '.repeat(12), password_confirmation: ' '.repeat(12) }, { 'accept-language': 'ru' });
      expect(blank.json().errors).toEqual({ password: ['Пароль не может состоять только из пробелов.'] });
    });

    it('refuses a common password, a short one and a mismatched confirmation', async () => {
      const me = await signedIn();
      const common = await change(me.token, { current_password: me.password, password: 'qwertyuiop', password_confirmation: 'qwertyuiop' });
      expect(common.json().errors).toEqual({ password: ['This password is one of the most common ones. Choose one that is harder to guess.'] });
      const short = await change(me.token, { current_password: me.password, password: 'short', password_confirmation: 'other' });
      expect(short.json().errors.password).toEqual(['The new password field must be at least 8 characters.', 'The new password field confirmation does not match.']);
      const empty = await change(me.token, {});
      expect(Object.keys(empty.json().errors)).toEqual(['current_password', 'password', 'password_confirmation']);
    });

    it('allows five wrong current passwords a minute, then 429', async () => {
      fakeDate();
      const me = await signedIn();
      const wrong = { current_password: 'wrong wrong', password: 'a fresh passphrase', password_confirmation: 'a fresh passphrase' };
      for (let i = 0; i < 5; i++) expect((await change(me.token, wrong)).statusCode).toBe(422);
      const refused = await change(me.token, { ...wrong, current_password: me.password });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      t.clock.advance(60_000);
      expect((await change(me.token, { ...wrong, current_password: me.password })).statusCode).toBe(204);
    });
  });

  describe('sessions', () => {
    const list = (token: string) => t.request({ method: 'GET', url: '/api/settings/sessions', headers: bearer(token) });

    it('lists the live sessions with device, address and last use, the current one marked', async () => {
      const me = await signedIn(CHROME_MAC, '203.0.113.7');
      t.clock.advance(5 * 60_000);
      const phone = await t.request({
        method: 'POST',
        url: '/api/login',
        payload: { email: me.email, password: me.password },
        headers: { 'user-agent': SAFARI_IPHONE },
        remoteAddress: '198.51.100.23',
      });
      const res = await list(me.token);
      expect(res.statusCode).toBe(200);
      const sessions = res.json();
      expect(sessions).toHaveLength(2);
      expect(sessions[0]).toMatchObject({ browser: 'Safari 17', os: 'iOS 17.5', platform: 'mobile', ip: '198.51.100.23', current: false });
      expect(sessions[1]).toMatchObject({ browser: 'Chrome 131', os: 'macOS Catalina', platform: 'desktop', ip: '203.0.113.7', current: true });
      expect(sessions[0].last_used_at).toBe(t.clock.current.toISOString());
      expect(phone.statusCode).toBe(200);
    });

    it('signs out one other session, which then gets 401', async () => {
      const me = await signedIn();
      const other = await t.login(me.email, me.password);
      const otherId = (await list(me.token)).json().find((s: { current: boolean }) => !s.current).id;
      const res = await t.request({ method: 'DELETE', url: `/api/settings/sessions/${otherId}`, headers: bearer(me.token) });
      expect(res.statusCode).toBe(204);
      expect((await t.request({ method: 'GET', url: '/api/user', headers: bearer(other) })).statusCode).toBe(401);
      expect((await list(me.token)).json()).toHaveLength(1);
    });

    it("answers 404 for another user's session and leaves it alone", async () => {
      const me = await signedIn();
      const stranger = await signedIn();
      const strangerId = (await list(stranger.token)).json()[0].id;
      const res = await t.request({ method: 'DELETE', url: `/api/settings/sessions/${strangerId}`, headers: bearer(me.token) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
      expect((await t.request({ method: 'GET', url: '/api/user', headers: bearer(stranger.token) })).statusCode).toBe(200);
      expect((await t.request({ method: 'DELETE', url: '/api/settings/sessions/abc', headers: bearer(me.token) })).statusCode).toBe(404);
    });

    it('signs out every other session and keeps this one', async () => {
      const me = await signedIn();
      const others = [await t.login(me.email, me.password), await t.login(me.email, me.password)];
      const res = await t.request({ method: 'DELETE', url: '/api/settings/sessions', headers: bearer(me.token) });
      expect(res.json()).toEqual({ revoked: 2 });
      for (const token of others) expect((await t.request({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
      expect((await list(me.token)).json()).toMatchObject([{ current: true }]);
    });

    it('needs a signed-in user', async () => {
      expect((await t.request({ method: 'GET', url: '/api/settings/sessions' })).statusCode).toBe(401);
      expect((await t.request({ method: 'DELETE', url: '/api/settings/sessions' })).statusCode).toBe(401);
    });
  });
});
