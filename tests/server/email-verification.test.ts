import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { linkTo } from '../mail/received.ts';
import { DIALECTS, fakeDate, startTestApp, uniqueAddress, uniqueEmail, type TestApp } from './support.ts';

const INVALID = { message: 'This verification link is not valid. Ask for a new one.' };
const RESENT = { status: 'If an account is waiting for that address to be verified, we have e-mailed it a new link.' };

describe.each(DIALECTS)('e-mail verification on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  afterEach(() => void vi.useRealTimers());

  async function registered(headers: Record<string, string> = {}) {
    const email = uniqueEmail('verify');
    const password = 'a good password';
    await t.request({
      method: 'POST',
      url: '/api/register',
      payload: { first_name: 'Ivan', second_name: 'Petrenko', email, password, password_confirmation: password },
      headers,
      remoteAddress: uniqueAddress(),
    });
    return { email, password, link: linkTo(await t.mail.latest(email), '/email/verify/') };
  }

  /** The API call the verification screen makes for a mailed link. */
  const follow = (link: URL, headers: Record<string, string> = {}) =>
    t.post(`/api/email/verify/${link.pathname.split('/').pop()}${link.search}`, undefined, headers);

  const verifiedAt = async (email: string) =>
    (await t.db.selectFrom('users').select('email_verified_at').where('email', '=', email).executeTakeFirstOrThrow()).email_verified_at;

  it('verifies the address through the mailed link and says so', async () => {
    const { email, link } = await registered();
    const res = await follow(link);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Your e-mail address is verified. You can sign in now.' });
    expect(await verifiedAt(email)).toBe(t.clock.current.toISOString());
  });

  it('answers a second visit of the same link as already verified', async () => {
    const { link } = await registered();
    await follow(link);
    const res = await follow(link, { 'accept-language': 'ru' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Адрес электронной почты уже подтверждён.' });
  });

  it('refuses a link past its 60 minutes with 403 and leaves the address unverified', async () => {
    const { email, link } = await registered();
    t.clock.advance(60 * 60_000);
    const res = await follow(link);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This verification link has expired. Ask for a new one.' });
    expect(await verifiedAt(email)).toBeNull();
  });

  it('accepts the link one second before it expires', async () => {
    const { link } = await registered();
    t.clock.advance(60 * 60_000 - 1000);
    expect((await follow(link)).statusCode).toBe(200);
  });

  it('refuses a tampered signature with 403', async () => {
    const { email, link } = await registered();
    const signature = link.searchParams.get('signature')!;
    link.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    expect((await follow(link)).statusCode).toBe(403);
    expect((await follow(link)).json()).toEqual(INVALID);
    expect(await verifiedAt(email)).toBeNull();
  });

  it('refuses a prolonged expiry with 403: the expiry is signed', async () => {
    const { link } = await registered();
    link.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
    expect((await follow(link)).statusCode).toBe(403);
  });

  it("refuses one user's signature on another user's id", async () => {
    const first = await registered();
    const second = await registered();
    const forged = new URL(first.link);
    forged.pathname = second.link.pathname;
    expect((await follow(forged)).json()).toEqual(INVALID);
    expect(await verifiedAt(second.email)).toBeNull();
  });

  it('answers 400 to a link without its expiry or signature, and 403 for an unknown user', async () => {
    const { link } = await registered();
    const id = link.pathname.split('/').pop();
    expect((await t.post(`/api/email/verify/${id}`, undefined)).statusCode).toBe(400);
    expect((await t.post(`/api/email/verify/${id}?expires=soon&signature=x`, undefined)).statusCode).toBe(400);
    expect((await t.post(`/api/email/verify/abc${link.search}`, undefined)).statusCode).toBe(400);
    expect((await t.post(`/api/email/verify/999999${link.search}`, undefined)).statusCode).toBe(403);
  });

  it('translates the refusals', async () => {
    const { link } = await registered();
    link.searchParams.set('signature', '0'.repeat(64));
    expect((await follow(link, { 'accept-language': 'uk' })).json()).toEqual({ message: 'Це посилання для підтвердження недійсне. Запитайте нове.' });
  });

  describe('resend', () => {
    it('mails a new working link to an unverified account, in the language asked in', async () => {
      const { email } = await registered();
      const res = await t.post('/api/email/resend', { email: email.toUpperCase() }, { 'accept-language': 'ua' });
      expect(res.statusCode).toBe(200);
      const mails = await t.mail.to(email);
      expect(mails).toHaveLength(2);
      expect(mails[1]!.subject).toBe('Підтвердьте адресу електронної пошти');
      expect((await follow(linkTo(mails[1]!, '/email/verify/'))).statusCode).toBe(200);
    });

    it('answers the same for an unknown address, and for a verified one, mailing nothing', async () => {
      const { email, link } = await registered();
      await follow(link);
      const unknown = uniqueEmail('nobody');
      const answers = await Promise.all(
        [unknown, email].map((address) => t.request({ method: 'POST', url: '/api/email/resend', payload: { email: address }, remoteAddress: '10.0.0.1' })),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(RESENT);
      }
      expect(await t.mail.to(unknown)).toHaveLength(0);
      expect(await t.mail.to(email)).toHaveLength(1);
    });

    it('validates the address', async () => {
      const res = await t.request({ method: 'POST', url: '/api/email/resend', payload: { email: 'nope' }, remoteAddress: '10.0.0.2' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: ['The e-mail field must be a valid email address.'] });
    });

    it('allows six requests a minute per address of the caller, then 429 with Retry-After', async () => {
      fakeDate();
      const send = (remoteAddress: string) =>
        t.request({ method: 'POST', url: '/api/email/resend', payload: { email: uniqueEmail('x') }, remoteAddress });
      for (let i = 0; i < 6; i++) expect((await send('10.0.0.3')).statusCode).toBe(200);
      t.clock.advance(20_000);
      const refused = await send('10.0.0.3');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'Too Many Attempts.' });
      expect(refused.headers['retry-after']).toBe('40');
      expect((await send('10.0.0.4')).statusCode).toBe(200);
      t.clock.advance(40_000);
      expect((await send('10.0.0.3')).statusCode).toBe(200);
    });
  });
});
