import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom, ChatTicketNotice } from '../../contract/chat.ts';
import type { NotificationPage } from '../../contract/notifications.ts';
import { PRESENCE_ADMIN_CHANNEL } from '../../contract/support.ts';
import type { AdminTicket, Ticket, TicketSummary } from '../../contract/tickets.ts';
import { ADMIN_EMAIL, bearer, DIALECTS, startTestApp, testConfig, type TestApp, uniqueEmail } from './support.ts';

const { key, secret } = testConfig('sqlite::memory:').pusher;

interface Part {
  name: string;
  value: string;
}
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----traderoom${Math.random().toString(16).slice(2)}`;
  const body = parts.map((p) => `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`).join('') + `--${boundary}--\r\n`;
  return { payload: Buffer.from(body), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DIALECTS)('a chat that finds nobody online becomes a ticket, on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let adminId: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    adminId = (await t.app.services.users.findByEmail(ADMIN_EMAIL))!.id;
  });
  beforeEach(async () => {
    admin = bearer(await t.login(ADMIN_EMAIL));
  });
  afterAll(async () => t.close());

  /** Staff open or leave the chats screen: the hub's signed webhook, as support.ts hears it. */
  async function staffPresence(name: 'member_added' | 'member_removed') {
    const body = JSON.stringify({ time_ms: Date.now(), events: [{ name, channel: PRESENCE_ADMIN_CHANNEL, user_id: String(adminId) }] });
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    const res = await t.request({ method: 'POST', url: '/broadcasting/webhooks', payload: body, headers: { 'content-type': 'application/json', 'x-pusher-key': key, 'x-pusher-signature': signature } });
    expect(res.statusCode).toBe(200);
  }

  async function client(locale: 'en' | 'ru' = 'en') {
    const email = uniqueEmail('chat-ticket');
    await t.registerVerified({ first_name: 'Marta', second_name: 'Ivanenko', email, password: 'a good password' });
    const headers = bearer(await t.login(email, 'a good password'));
    if (locale !== 'en') await t.db.updateTable('users').set({ locale }).where('email', '=', email).execute();
    const room = (await t.post('/api/chat/room', {}, headers)).json<ChatRoom>();
    return { email, headers, room };
  }
  const say = (c: { headers: Record<string, string>; room: ChatRoom }, message: string, clientId: string) =>
    t.post(`/api/chat/room/${c.room.id}/message`, { message, user_id: c.room.user_id, client_id: clientId }, c.headers);
  const tickets = async (headers: Record<string, string>) => (await t.request({ method: 'GET', url: '/api/tickets', headers })).json<TicketSummary[]>();
  const ticket = async (headers: Record<string, string>, id: number) => (await t.request({ method: 'GET', url: `/api/tickets/${id}`, headers })).json<Ticket>();
  const notice = async (c: { headers: Record<string, string>; room: ChatRoom }) =>
    (await t.request({ method: 'GET', url: `/api/chat/room/${c.room.id}/ticket`, headers: c.headers })).json<ChatTicketNotice>();
  const staffReply = (id: number, message: string) => {
    const body = multipart([{ name: 'message', value: message }, { name: 'internal', value: '0' }]);
    return t.request({ method: 'POST', url: `/api/admin/tickets/${id}/messages`, payload: body.payload, headers: { ...admin, ...body.headers } });
  };

  it('turns the first message into ticket T-xxxxxx, tells the room, and keeps a retried send to one copy', async () => {
    const c = await client();
    expect(await notice(c)).toEqual({ ticket: null });
    const first = await say(c, 'Where is my withdrawal?\nIt has been pending since Monday.', 'offline-msg-0001');
    expect(first.statusCode).toBe(201);

    const [made, ...others] = await tickets(c.headers);
    expect(others).toEqual([]);
    expect(made).toMatchObject({ category: 'other', subject: 'Where is my withdrawal?', status: 'open' });
    expect(await notice(c)).toEqual({ ticket: { id: made!.id, number: made!.number, status: 'open' } });

    // The browser lost the answer and sends the same message again: the chat and the ticket keep one copy.
    const again = await say(c, 'Where is my withdrawal?\nIt has been pending since Monday.', 'offline-msg-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json<ChatMessage>().id).toBe(first.json<ChatMessage>().id);
    expect(await tickets(c.headers)).toHaveLength(1);
    expect((await ticket(c.headers, made!.id)).messages.map((m) => m.body)).toEqual(['Where is my withdrawal?\nIt has been pending since Monday.']);

    // Written while still nobody is online: the same ticket, in order.
    await say(c, 'The reference is W-42.', 'offline-msg-0002');
    expect(await tickets(c.headers)).toHaveLength(1);
    const thread = await ticket(c.headers, made!.id);
    expect(thread.messages.map((m) => [m.author.kind, m.body])).toEqual([
      ['client', 'Where is my withdrawal?\nIt has been pending since Monday.'],
      ['client', 'The reference is W-42.'],
    ]);
    // Staff hear of the new ticket as of any other.
    const staffList = (await t.request({ method: 'GET', url: '/api/notifications', headers: admin })).json<NotificationPage>();
    expect(staffList.data.some((n) => n.event === 'ticket.new' && n.payload.number === made!.number)).toBe(true);
  });

  it('mails staff’s answer in full to the client in their language, HTML and text, even with ticket mails switched off', async () => {
    const c = await client('ru');
    await t.request({ method: 'PUT', url: '/api/settings/notifications', payload: { preferences: [{ event: 'ticket.reply', in_app: true, email: false }] }, headers: c.headers });
    await say(c, 'Не могу войти в терминал', 'offline-msg-0101');
    const [made] = await tickets(c.headers);
    const answered = await staffReply(made!.id, 'Здравствуйте! Пароль от терминала пришёл вам письмом.\n\nПроверьте папку «Спам».');
    expect(answered.statusCode, answered.body).toBe(200);

    const mail = await t.mail.latest(c.email);
    expect(mail.subject).toBe(`Ответ на ваше сообщение: обращение ${made!.number}`);
    expect(mail.text).toContain('Пароль от терминала пришёл вам письмом.');
    expect(mail.text).toContain('Проверьте папку «Спам».');
    expect(mail.html).toContain('<html lang="ru">');
    expect(mail.html).toContain('Проверьте папку «Спам».');
    // And in the app: the ticket's thread and the notification.
    expect((await ticket(c.headers, made!.id)).messages.at(-1)!.author.kind).toBe('staff');
    const list = (await t.request({ method: 'GET', url: '/api/notifications', headers: c.headers })).json<NotificationPage>();
    expect(list.data[0]).toMatchObject({ event: 'ticket.reply', link: `/tickets/${made!.id}` });
  });

  it('leaves the chat alone while a staff member is online, and opens a new ticket once the last one is resolved', async () => {
    const c = await client();
    await staffPresence('member_added');
    expect((await say(c, 'Hello, anyone there?', 'online-msg-0001')).statusCode).toBe(201);
    expect(await tickets(c.headers)).toEqual([]);
    await staffPresence('member_removed');

    await say(c, 'Gone again?', 'offline-msg-0201');
    const [first] = await tickets(c.headers);
    const resolved = await t.post(`/api/admin/tickets/${first!.id}/status`, { event: 'staff.resolve' }, admin);
    expect(resolved.json<AdminTicket>().status).toBe('resolved');
    expect(await notice(c)).toEqual({ ticket: null });

    await say(c, 'One more question', 'offline-msg-0202');
    const after = await tickets(c.headers);
    expect(after).toHaveLength(2);
    expect(after.find((x) => x.id !== first!.id)).toMatchObject({ subject: 'One more question', status: 'open' });
  });

  it('copies two sends of one message at once exactly once', async () => {
    const c = await client();
    const [a, b] = await Promise.all([say(c, 'Twice at once', 'offline-msg-0301'), say(c, 'Twice at once', 'offline-msg-0301')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const list = await tickets(c.headers);
    expect(list).toHaveLength(1);
    expect((await ticket(c.headers, list[0]!.id)).messages).toHaveLength(1);
  });
});
