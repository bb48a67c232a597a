import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, bearer, CLIENT_EMAIL, DIALECTS, startTestApp, type TestApp, uniqueEmail } from './support.ts';

/**
 * Input a database may refuse, answered the same on SQLite and PostgreSQL: text holding a NUL
 * character is a 422 naming the field, in the caller's language; an id past 32 bits names
 * nothing (404 in a path, "invalid" in a body). PostgreSQL refuses both in a query (500 before).
 */
const NUL = 'Ivan\u0000';
const TOO_BIG = ['2147483648', '4294967296', '9007199254740993'];
const EVENT = {
  date: '2031-03-10', time: '10:30', time_zone: 'Europe/Kyiv', country: 'US', currency: 'USD', importance: 2,
  title_en: 'CPI', title_ru: 'ИПЦ', title_ua: 'ІСЦ',
};

describe.each(DIALECTS)('NUL characters and ids past 32 bits on $name', (dialect) => {
  let t: TestApp;
  let client: Record<string, string>;
  let admin: Record<string, string>;
  let roomId: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    client = bearer(await t.login(CLIENT_EMAIL));
    admin = bearer(await t.login(ADMIN_EMAIL));
    const room = await t.request({ method: 'POST', url: '/api/chat/room', headers: client, payload: {} });
    roomId = room.json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    t.request({ method: method as 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  it.each([
    ['en', 'The first name field must not contain a null character.'],
    ['ru', 'Поле «имя» не должно содержать нулевой символ.'],
    ['ua', 'Поле «ім’я» не повинно містити нульовий символ.'],
  ])('refuses a NUL in a name at registration with a 422 in %s', async (language, message) => {
    const password = 'a good password';
    const body = { first_name: NUL, second_name: 'Petrenko', email: uniqueEmail(), password, password_confirmation: password };
    const res = await send('POST', '/api/register', { 'accept-language': language }, body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { first_name: [message] } });
  });

  it.each<[string, string, string, () => Record<string, string>, unknown, string]>([
    ['a profile name', 'PATCH', '/api/settings/profile', () => client, { first_name: 'Daniel', second_name: NUL, email: CLIENT_EMAIL }, 'second_name'],
    ['a service request note', 'POST', '/api/service-requests', () => client, { service_id: 1, note: NUL }, 'note'],
    ['a chat room name', 'POST', '/api/chat/room', () => admin, { name: NUL, user_id: 3 }, 'name'],
    ['a calendar event title', 'POST', '/api/admin/calendar/events', () => admin, { ...EVENT, title_en: NUL }, 'title_en'],
    ['a calendar event figure', 'POST', '/api/admin/calendar/events', () => admin, { ...EVENT, actual: NUL }, 'actual'],
    ['a search of the chat list', 'GET', '/api/admin/chat/rooms?search=Car%00ter', () => admin, undefined, 'search'],
    ['a password', 'PATCH', '/api/settings/password', () => client, { current_password: NUL, password: 'a good password', password_confirmation: 'a good password' }, 'current_password'],
  ])('refuses a NUL in %s with a 422 naming the field', async (_label, method, url, who, body, field) => {
    const res = await send(method, url, who(), body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([expect.stringContaining('null character')]);
  });

  it('refuses a NUL in a chat message with a 422 and stores nothing', async () => {
    const res = await send('POST', `/api/chat/room/${roomId}/message`, client, { message: 'a\u0000b' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.message).toEqual(['The message field must not contain a null character.']);
    const history = await send('GET', `/api/chat/room/${roomId}/messages`, client);
    expect(history.json()).toEqual([]);
  });

  it.each([
    ['a page past the largest exact number', '/api/history?page=92233720368547758', 'page', 'The page field must not be greater than 9007199254740991.'],
    ['a page size past the limit', '/api/history?per_page=101', 'per_page', 'The per page field must not be greater than 100.'],
    ['a page below the first', '/api/history?page=0', 'page', 'The page field must be at least 1.'],
    ['a NUL in a filter', '/api/history?kind=deposit%00', 'kind', expect.stringContaining('null character')],
  ])('answers %s in a query with a 422 naming the field', async (_label, url, field, message) => {
    const res = await send('GET', url, client);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('answers a page far past the end with an empty page', async () => {
    const res = await send('GET', '/api/history?page=9007199254740991&per_page=100', client);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  // Up to 12 digits a link is shaped like ours (longer: 400); one past the largest id names nobody.
  it.each(['2147483648', '4294967296'])('answers 403 to an e-mail verification link for user %s, as to an unknown user', async (id) => {
    const res = await send('POST', `/api/email/verify/${id}?expires=1900000000&signature=${'a'.repeat(64)}`, {});
    expect(res.statusCode).toBe(403);
  });

  describe.each(TOO_BIG)('the id %s', (id) => {
    it.each<[string, string, () => Record<string, string>]>([
      ['DELETE', '/api/settings/sessions/:id', () => client],
      ['GET', '/api/verification/documents/:id/file', () => client],
      ['POST', '/api/admin/verifications/:id/approve', () => admin],
      ['POST', '/api/admin/verifications/:id/reject', () => admin],
      ['POST', '/api/admin/wallet-requests/:id/approve', () => admin],
      ['POST', '/api/admin/wallet-requests/:id/reject', () => admin],
      ['PUT', '/api/admin/calendar/events/:id', () => admin],
      ['DELETE', '/api/admin/calendar/events/:id', () => admin],
      ['GET', '/api/trading-account/:id/balance-history', () => client],
      ['GET', '/api/chat/room/:id/messages', () => admin],
      ['POST', '/api/chat/room/:id/message', () => admin],
      ['POST', '/api/chat/room/:id/read', () => admin],
    ])('in the path of %s %s answers 404, as an unknown id does', async (method, url, who) => {
      const body = method === 'GET' || method === 'DELETE' ? undefined : url.includes('calendar') ? EVENT : { message: 'Hi', reason: 'Blurred', last_read_id: 1 };
      const res = await send(method, url.replace(':id', id), who(), body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    });

    it.each<[string, string, () => Record<string, string>, (id: number) => unknown, string]>([
      ['a new account', '/api/trading-account/create', () => client, (n) => ({ currency_id: n, type: 'demo' }), 'currency_id'],
      ['a deposit', '/api/wallet/deposit', () => client, (n) => ({ account_id: n, amount: '10.00' }), 'account_id'],
      ['a withdrawal', '/api/wallet/withdrawal', () => client, (n) => ({ account_id: String(n), amount: '1.00' }), 'account_id'],
      ['a transfer', '/api/wallet/transfer', () => client, (n) => ({ from_account_id: n, to_account_id: 1, amount: '1.00' }), 'from_account_id'],
      ['a service request', '/api/service-requests', () => client, (n) => ({ service_id: n }), 'service_id'],
      ['a chat room for a client', '/api/chat/room', () => admin, (n) => ({ user_id: n }), 'user_id'],
      ['a read marker', '/api/chat/room/:room/read', () => client, (n) => ({ last_read_id: n }), 'last_read_id'],
    ])('in the body of %s answers 422 on that field', async (_label, url, who, body, field) => {
      const headers = { ...who(), 'idempotency-key': crypto.randomUUID() };
      const res = await send('POST', url.replace(':room', String(roomId)), headers, body(Number(id)));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    });

    it('as a resync cursor answers 422', async () => {
      const res = await send('GET', `/api/chat/room/${roomId}/messages?after=${id}`, client);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('after');
    });

    it('in a channel name is refused as any other room the caller may not join', async () => {
      const res = await send('POST', '/broadcasting/auth', client, { socket_id: '123.456', channel_name: `private-chat.${id}` });
      expect(res.statusCode).toBe(403);
    });
  });
});
