import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EMAIL, DIALECTS, startTestApp, type TestApp } from './support.ts';

describe.each(DIALECTS)('bad requests on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const raw = (payload: string, contentType: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/api/login', payload, headers: { 'content-type': contentType, ...headers } });

  it('answers 400 with a clear message to a body that is not JSON', async () => {
    const res = await raw('{"email": "a@b.com",', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('translates the not-JSON message', async () => {
    const res = await raw('nope', 'application/json', { 'accept-language': 'ru' });
    expect(res.json()).toEqual({ message: 'Тело запроса не является корректным JSON.' });
  });

  it('refuses JSON that tries to poison prototypes', async () => {
    const res = await raw('{"email":"a@b.com","__proto__":{"admin":true}}', 'application/json');
    expect(res.statusCode).toBe(400);
  });

  it('takes an empty JSON body as no fields at all (422, not 400)', async () => {
    const res = await raw('', 'application/json');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('email');
  });

  it.each([['an array', '[1,2]'], ['a string', '"hello"'], ['null', 'null'], ['a number', '42']])(
    'takes %s as a body without fields (422)',
    async (_label, payload) => {
      const res = await raw(payload, 'application/json');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: ['The e-mail field is required.'], password: ['The password field is required.'] });
    },
  );

  it('answers 413 to a body over 1 MB', async () => {
    const res = await t.post('/api/login', { email: CLIENT_EMAIL, password: 'x', padding: 'x'.repeat(1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large (the limit is 1 MB).' });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])('answers 415 to a %s body', async (type) => {
    const res = await raw('email=a@b.com', type);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Unsupported content type: send JSON (Content-Type: application/json).' });
  });

  it('answers 404 as JSON for an unknown API path', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.request({ method, url: '/api/nothing/here' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });

  it('answers 404, never 500, to a known path with the wrong method', async () => {
    expect((await t.request({ method: 'GET', url: '/api/login' })).json()).toEqual({ message: 'Not found.' });
    expect((await t.request({ method: 'DELETE', url: '/api/user' })).statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url: '/api/register', payload: {} })).statusCode).toBe(404);
  });

  it('keeps server paths out of the app: /broadcasting and /app answer JSON 404', async () => {
    for (const url of ['/broadcasting/auth', '/app/traderoom-key', '/api']) {
      const res = await t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });

  it('translates the 404 message', async () => {
    expect((await t.request({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'ua' } })).json()).toEqual({ message: 'Не знайдено.' });
  });

  it('puts the security headers on API answers too', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nope' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('reports a healthy server at /api/health', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe.each(DIALECTS)('server failures on $name', (dialect) => {
  it('answer 500 {"message":"Server Error"} without details when something breaks', async () => {
    const t = await startTestApp(dialect, { seed: false });
    try {
      // Children first: a dropped table a foreign key still names breaks the next drop.
      await t.db.schema.dropTable('chat_attachments').execute();
      await t.db.schema.dropTable('chat_messages').execute();
      await t.db.schema.dropTable('chat_rooms').execute();
      await t.db.schema.dropTable('personal_access_tokens').execute();
      await t.db.schema.dropTable('role_user').execute();
      // Cascade on PostgreSQL: later tables (trading accounts, …) reference users.
      await t.db.schema
        .dropTable('users')
        .$call((q) => (dialect.name === 'postgres' ? q.cascade() : q))
        .execute();
      const res = await t.post('/api/login', { email: CLIENT_EMAIL, password: 'whatever' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Server Error' });
      const health = await t.request({ method: 'GET', url: '/api/health', headers: { 'accept-language': 'ru' } });
      expect(health.statusCode).toBe(200);
      const translated = await t.post('/api/login', { email: CLIENT_EMAIL, password: 'whatever' }, { 'accept-language': 'ru' });
      expect(translated.json()).toEqual({ message: 'Ошибка сервера' });
    } finally {
      await t.close();
    }
  });
});
