import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, uniqueEmail, type TestApp } from './support.ts';

const [sqlite] = DIALECTS;

describe('mail without MAIL_URL: files in the outbox and the development mailbox', () => {
  let t: TestApp;
  let outbox: string;
  beforeAll(async () => {
    outbox = mkdtempSync(join(tmpdir(), 'traderoom-outbox-'));
    t = await startTestApp(sqlite!, { config: { nodeEnv: 'development', mail: { url: null, outbox, from: 'Traderoom <no-reply@localhost>' } } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const register = (email: string, headers: Record<string, string> = {}) =>
    t.post('/api/register', { first_name: 'Nadia', second_name: 'Ivanova', email, password: 'a good password', password_confirmation: 'a good password' }, headers);

  it('writes each mail as an .eml file and sends nothing over SMTP', async () => {
    const email = uniqueEmail('outbox');
    await register(email);
    expect(readdirSync(outbox).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    expect(await t.mail.to(email)).toHaveLength(0);
  });

  it('lists the outbox newest first and reads one mail with its HTML and text', async () => {
    const email = uniqueEmail('mailbox');
    await register(email, { 'accept-language': 'ua' });
    const list = await t.request({ method: 'GET', url: '/api/dev/mail' });
    expect(list.statusCode).toBe(200);
    const [newest] = list.json();
    expect(newest).toMatchObject({ to: email, subject: 'Підтвердьте адресу електронної пошти' });

    const mail = (await t.request({ method: 'GET', url: `/api/dev/mail/${newest.id}` })).json();
    expect(mail.from).toContain('no-reply@localhost');
    expect(mail.text).toContain('Вітаємо, Nadia!');
    expect(mail.text).toMatch(/http:\/\/localhost:8000\/ua\/email\/verify\/\d+\?expires=\d+&signature=[0-9a-f]{64}/);
    expect(mail.html).toContain('<html lang="uk">');
    expect(mail.html).not.toContain('<table');
  });

  it('answers 404 for a mail that is not there, and for paths outside the outbox', async () => {
    expect((await t.request({ method: 'GET', url: '/api/dev/mail/2030-01-15T090000.000Z-00000000.eml' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/dev/mail/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('escapes what users typed in the HTML body', async () => {
    const email = uniqueEmail('escape');
    await t.post('/api/register', { first_name: '<b>Eve</b>', second_name: 'X', email, password: 'a good password', password_confirmation: 'a good password' });
    const [newest] = (await t.request({ method: 'GET', url: '/api/dev/mail' })).json();
    const mail = (await t.request({ method: 'GET', url: `/api/dev/mail/${newest.id}` })).json();
    expect(mail.html).toContain('&#60;b&#62;Eve&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>Eve');
  });
});

describe('the development mailbox is for this machine only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(sqlite!, { config: { nodeEnv: 'development', trustProxy: true } });
  });
  afterAll(() => t.close());

  const list = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    t.request({ method: 'GET', url: '/api/dev/mail', ...options });

  it('answers loopback clients', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect((await list({ remoteAddress })).statusCode, remoteAddress).toBe(200);
  });

  it('answers 404 to a client on the network, whatever its headers claim', async () => {
    for (const remoteAddress of ['192.168.1.20', '203.0.113.9', '::ffff:10.0.0.5', 'fe80::1']) {
      const res = await list({ remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' } });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
    expect((await t.request({ method: 'GET', url: '/api/dev/mail/2030-01-15T090000.000Z-00000000.eml', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
  });

  it('answers 404 to a request a proxy on this machine forwarded from elsewhere', async () => {
    const forwarded: Array<Record<string, string>> = [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-forwarded-for': '127.0.0.1' }];
    for (const headers of forwarded) {
      expect((await list({ remoteAddress: '127.0.0.1', headers })).statusCode, JSON.stringify(headers)).toBe(404);
    }
  });
});

describe('the development mailbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(sqlite!, { config: { nodeEnv: 'production' } });
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    expect((await t.request({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
  });
});
