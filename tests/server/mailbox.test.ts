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
