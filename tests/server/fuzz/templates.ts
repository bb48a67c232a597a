/**
 * A valid request per route (body and query), which the fuzz mutates one or two fields at a time:
 * a value that is wrong in only one place reaches the services and the database, where random
 * bodies stop at the first missing field. Ids are the seed's (admin 1, client 2, second client 3;
 * the client's accounts and rooms have small ids). `{email}` becomes a new address per case.
 */
export interface Template {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}

const GOOD_PASSWORD = 'a good password';
const EVENT = {
  date: '2031-03-10', time: '10:30', time_zone: 'Europe/Kyiv', country: 'US', currency: 'USD', importance: 2,
  title_en: 'CPI', title_ru: 'ИПЦ', title_ua: 'ІСЦ', actual: '1.2%', forecast: '', previous: null,
};
const HISTORY = { account_id: '1', kind: 'deposit', status: 'pending', from: '2030-01-01', to: '2030-12-31', page: '1', per_page: '10' };
const RANGE = { date: '2030-01-15', days: '2', time_zone: 'Europe/Kyiv', currencies: 'USD,EUR', importance: '1,3' };

export const TEMPLATES: Record<string, Template> = {
  'POST /api/register': { body: { first_name: 'Ivan', second_name: 'Petrenko', email: '{email}', password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD } },
  'POST /api/login': { body: { email: 'client@traderoom.test', password: 'wrong password', remember: true } },
  'POST /api/email/resend': { body: { email: '{email}' } },
  'POST /api/email/verify/:id': { query: { expires: '1900000000', signature: 'a'.repeat(64) } },
  'POST /api/password/email': { body: { email: 'second@traderoom.test' } },
  'POST /api/password/reset': { body: { token: 'x'.repeat(64), email: 'second@traderoom.test', password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD } },
  'PATCH /api/settings/profile': { body: { first_name: 'Daniel', second_name: 'Carter', email: 'client@traderoom.test' } },
  'PATCH /api/settings/password': { body: { current_password: 'wrong password', password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD } },
  'POST /api/service-requests': { body: { service_id: 1, note: 'Please call me' } },
  'POST /api/chat/room': { body: { name: 'Support', agent_name: 'Agent', user_id: 2 } },
  'POST /api/chat/room/:id/message': { body: { message: 'Hello' } },
  'POST /api/chat/room/:id/read': { body: { last_read_id: 1 } },
  'GET /api/chat/room/:id/messages': { query: { after: '0' } },
  'GET /api/admin/chat/rooms': { query: { search: 'Carter' } },
  'POST /api/admin/verifications/:id/reject': { body: { reason: 'Blurred' } },
  'GET /api/admin/verifications': { query: { status: 'pending' } },
  'GET /api/verification/documents/:id/file': { query: { download: '1' } },
  'POST /api/trading-account/create': { body: { currency_id: 1, type: 'demo', leverage: 100 } },
  'GET /api/trading-account/:id/balance-history': { query: { range: '30d' } },
  'POST /api/wallet/deposit': { body: { account_id: 1, amount: '10.00' } },
  'POST /api/wallet/withdrawal': { body: { account_id: 1, amount: '1.00' } },
  'POST /api/wallet/transfer': { body: { from_account_id: 1, to_account_id: 2, amount: '1.00' } },
  'GET /api/history': { query: HISTORY },
  'GET /api/history/export': { query: HISTORY },
  'GET /api/admin/wallet-requests': { query: { status: 'pending', page: '1', per_page: '10' } },
  'POST /api/admin/wallet-requests/:id/reject': { body: { reason: 'The card is not in the client’s name.' } },
  'POST /api/admin/wallet-requests/:id/review': { body: { expected_at: '2030-01-16T09:00:00.000Z' } },
  'POST /api/admin/verifications/:id/review': { body: { expected_at: '2030-01-16T09:00:00.000Z' } },
  'GET /api/articles/getAll': { query: { lang: 'en' } },
  'GET /api/calendar/events': { query: RANGE },
  'GET /api/admin/calendar/events': { query: RANGE },
  'POST /api/admin/calendar/events': { body: EVENT },
  'PUT /api/admin/calendar/events/:id': { body: EVENT },
  'PUT /api/calendar/settings': { body: { currencies: ['USD', 'EUR'], importance: [1, 2], time_zone: 'UTC' } },
  'GET /api/oauth/:provider/callback': { query: { code: 'code', state: 'state' } },
  'POST /broadcasting/auth': { body: { socket_id: '123.456', channel_name: 'private-chat.1' } },
  'POST /broadcasting/user-auth': { body: { socket_id: '123.456' } },
  'POST /pusher/user-auth': { body: { socket_id: '123.456' } },
};
