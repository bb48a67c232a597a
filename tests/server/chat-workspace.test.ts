import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminRoom, type ChatMessage, type ChatRoom, type RoomContext } from '../../contract/chat.ts';
import { adminRoomSchema, cannedReplySchema, chatMessageSchema, roomContextSchema } from '../../contract/chat.schema.ts';
import { ADMIN_EMAIL, bearer, DEMO_PASSWORD, DIALECTS, startTestApp, type TestApp, uniqueEmail } from './support.ts';
import { walletClient } from './wallet-support.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const HTML_AS_PNG = Buffer.from('<!doctype html><script>alert(1)</script>');

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----traderoom${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DIALECTS)('the agent’s workspace in chats on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  const uploadDir = mkdtempSync(join(tmpdir(), 'traderoom-chat-files-'));
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { uploadDir } });
    admin = bearer(await t.login(ADMIN_EMAIL));
  });
  afterAll(async () => {
    await t.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string>) => t.request({ method: 'GET', url, headers });

  async function newClient(locale?: string) {
    const email = uniqueEmail('desk');
    await t.registerVerified({ first_name: 'Olena', second_name: 'Koval', email, password: DEMO_PASSWORD });
    if (locale) await t.db.updateTable('users').set({ locale }).where('email', '=', email).execute();
    const headers = bearer(await t.login(email));
    const room = (await t.post('/api/chat/room', {}, headers)).json<ChatRoom>();
    return { email, headers, room, id: room.user_id };
  }

  /** Another staff member: a registered user given the admin role. */
  async function newStaff(first: string) {
    const email = uniqueEmail('staff');
    await t.registerVerified({ first_name: first, second_name: 'Agent', email, password: DEMO_PASSWORD });
    const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const role = await t.db.selectFrom('roles').select('id').where('name', '=', 'admin').executeTakeFirstOrThrow();
    await t.db.insertInto('role_user').values({ user_id: user.id, role_id: role.id }).execute();
    // Staff reach the administration only with a second factor.
    await t.enrolStaff(email);
    return { id: user.id, headers: bearer(await t.login(email)) };
  }

  const uploadTo = (roomId: number, headers: Record<string, string>, parts: Part[]) => {
    const body = multipart(parts);
    return t.request({ method: 'POST', url: `/api/chat/room/${roomId}/attachments`, payload: body.payload, headers: { ...headers, ...body.headers } });
  };

  describe('the client’s context', () => {
    it('shows staff the client with accounts, balances and pending money requests', async () => {
      const client = await walletClient(t);
      const live = await client.open('USD', 'live');
      const deposit = await client.deposit(live.id, '250.00');
      expect(deposit.statusCode, deposit.body).toBe(201);
      const room = (await t.post('/api/chat/room', {}, client.headers)).json<ChatRoom>();

      const res = await get(`/api/admin/chat/rooms/${room.id}/context`, admin);
      expect(res.statusCode, res.body).toBe(200);
      const context: RoomContext = roomContextSchema.strict().parse(res.json());
      expect(context.client).toMatchObject({ first_name: 'Ada', second_name: 'Wallet', email: client.email, locale: 'en', email_verified: true });
      expect(context.verification.verified).toBe(true);
      expect(context.accounts).toEqual([expect.objectContaining({ number: live.number, type: 'live', currency: 'USD', precision: 2, balance: 0 })]);
      expect(context.pending_requests).toEqual([expect.objectContaining({ kind: 'deposit', account_number: live.number, amount: 25_000, currency: 'USD' })]);
      // The tickets section lists the client's unresolved tickets: none yet.
      expect(context.tickets).toEqual([]);
    });

    it('is for staff only: 401 without a token, 403 for the room’s own client, 404 for no room', async () => {
      const { headers, room } = await newClient();
      expect((await get(`/api/admin/chat/rooms/${room.id}/context`, {})).statusCode).toBe(401);
      const own = await get(`/api/admin/chat/rooms/${room.id}/context`, headers);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ message: 'This action is unauthorized.' });
      expect((await get('/api/admin/chat/rooms/999999/context', admin)).statusCode).toBe(404);
    });

    it('carries the client’s open tickets where the tickets feature plugs in', async () => {
      const withTickets = await startTestApp(dialect, {
        hooks: { openTickets: async () => [{ id: 7, number: 'T-000007', subject: 'Where is my deposit?', status: 'open', updated_at: '2030-01-01T00:00:00.000Z' }] },
      });
      try {
        const email = uniqueEmail('tickets');
        await withTickets.registerVerified({ email, password: DEMO_PASSWORD });
        const room = (await withTickets.post('/api/chat/room', {}, bearer(await withTickets.login(email)))).json<ChatRoom>();
        const res = await withTickets.request({ method: 'GET', url: `/api/admin/chat/rooms/${room.id}/context`, headers: bearer(await withTickets.login(ADMIN_EMAIL)) });
        expect(roomContextSchema.parse(res.json()).tickets).toEqual([expect.objectContaining({ number: 'T-000007', subject: 'Where is my deposit?' })]);
      } finally {
        await withTickets.close();
      }
    });
  });

  describe('claims and status', () => {
    it('lets exactly one of two staff claim a room at once; the other gets 409 naming the holder', async () => {
      const { room } = await newClient();
      const [first, second] = await Promise.all([newStaff('Iryna'), newStaff('Marko')]);
      const answers = await Promise.all([
        t.post(`/api/admin/chat/rooms/${room.id}/claim`, {}, first.headers),
        t.post(`/api/admin/chat/rooms/${room.id}/claim`, {}, { ...second.headers, 'accept-language': 'ru' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const won = answers.find((a) => a.statusCode === 200)!;
      const winner = adminRoomSchema.strict().parse(won.json()).assignee!;
      expect([first.id, second.id]).toContain(winner.id);
      const lost = answers.find((a) => a.statusCode === 409)!;
      const message = lost.json<{ message: string }>().message;
      expect(message).toContain(winner.name);
      if (lost === answers[1]) expect(message).toBe(`Этот разговор уже взял ${winner.name}.`);
      else expect(message).toBe(`${winner.name} has already claimed this conversation.`);

      // Claiming again what one holds is fine; the list shows everyone who holds it.
      const holder = winner.id === first.id ? first : second;
      expect((await t.post(`/api/admin/chat/rooms/${room.id}/claim`, {}, holder.headers)).statusCode).toBe(200);
      const list = (await get('/api/admin/chat/rooms', admin)).json<AdminRoom[]>();
      expect(list.find((r) => r.id === room.id)!.assignee).toEqual(winner);
    });

    it('frees a room only when its holder releases it', async () => {
      const { room } = await newClient();
      const holder = await newStaff('Taras');
      expect((await t.post(`/api/admin/chat/rooms/${room.id}/claim`, {}, holder.headers)).statusCode).toBe(200);
      const other = await t.request({ method: 'DELETE', url: `/api/admin/chat/rooms/${room.id}/claim`, headers: admin });
      expect(other.json<AdminRoom>().assignee?.id).toBe(holder.id);
      const released = await t.request({ method: 'DELETE', url: `/api/admin/chat/rooms/${room.id}/claim`, headers: holder.headers });
      expect(released.json<AdminRoom>().assignee).toBeNull();
      expect((await t.post(`/api/admin/chat/rooms/${room.id}/claim`, {}, admin)).statusCode).toBe(200);
    });

    it('resolves a room, filters the list by status, and reopens it when the client writes', async () => {
      const { room, headers } = await newClient();
      const resolved = await t.post(`/api/admin/chat/rooms/${room.id}/status`, { status: 'resolved' }, admin);
      expect(resolved.json<AdminRoom>().status).toBe('resolved');
      const ids = async (status: string) => (await get(`/api/admin/chat/rooms?status=${status}`, admin)).json<AdminRoom[]>().map((r) => r.id);
      expect(await ids('resolved')).toContain(room.id);
      expect(await ids('open')).not.toContain(room.id);

      await t.post(`/api/chat/room/${room.id}/message`, { message: 'One more question' }, headers);
      expect(await ids('open')).toContain(room.id);

      const bad = await t.post(`/api/admin/chat/rooms/${room.id}/status`, { status: 'closed' }, admin);
      expect(bad.statusCode).toBe(422);
      expect((await t.post(`/api/admin/chat/rooms/${room.id}/status`, { status: 'resolved' }, headers)).statusCode).toBe(403);
      expect((await t.post(`/api/admin/chat/rooms/${room.id}/claim`, {}, headers)).statusCode).toBe(403);
    });
  });

  describe('attachments', () => {
    it('sends a file both ways as a reference and lets only the room’s client and staff download it', async () => {
      const client = await newClient();
      const stranger = await newClient();
      const sent = await uploadTo(client.room.id, client.headers, [
        { name: 'message', value: 'My statement' },
        { name: 'file', value: PDF, filename: 'statement.pdf' },
      ]);
      expect(sent.statusCode, sent.body).toBe(201);
      const message: ChatMessage = chatMessageSchema.strict().parse(sent.json());
      expect(message).toMatchObject({ message: 'My statement', user_id: client.id, attachment: { file_name: 'statement.pdf', mime_type: 'application/pdf', size: PDF.length } });
      const url = `/api/chat/attachments/${message.attachment!.id}`;

      const own = await get(url, client.headers);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('application/pdf');
      expect(own.rawPayload.equals(PDF)).toBe(true);
      expect((await get(url, admin)).statusCode).toBe(200);
      const other = await get(url, stranger.headers);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: 'Not found.' });
      expect((await get(url, {})).statusCode).toBe(401);

      // Staff answer with a file; the room's messages carry it.
      const answer = await uploadTo(client.room.id, admin, [{ name: 'file', value: PNG, filename: 'how-to.png' }]);
      expect(answer.statusCode).toBe(201);
      const messages = (await get(`/api/chat/room/${client.room.id}/messages?after=0`, client.headers)).json<ChatMessage[]>();
      expect(messages.map((m) => m.attachment?.mime_type)).toEqual(['application/pdf', 'image/png']);
      expect((await get(`/api/chat/attachments/${messages[1]!.attachment!.id}`, client.headers)).headers['content-type']).toBe('image/png');
    });

    it('checks the type by content and the size, in the caller’s language, keeping nothing refused', async () => {
      const { room, headers } = await newClient();
      const before = readdirSync(uploadDir).length;
      const fake = await uploadTo(room.id, { ...headers, 'accept-language': 'ua' }, [{ name: 'file', value: HTML_AS_PNG, filename: 'photo.png' }]);
      expect(fake.statusCode).toBe(422);
      expect(fake.json<{ errors: Record<string, string[]> }>().errors.file).toHaveLength(1);
      const empty = await uploadTo(room.id, headers, [{ name: 'message', value: 'no file' }]);
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toMatchObject({ errors: { file: ['The file field is required.'] } });
      const big = await uploadTo(room.id, headers, [{ name: 'file', value: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), filename: 'big.png' }]);
      expect([413, 422]).toContain(big.statusCode);
      expect(readdirSync(uploadDir).length).toBe(before);
    });

    it('refuses a file into another client’s room and stores a repeated client id once', async () => {
      const alice = await newClient();
      const bob = await newClient();
      expect((await uploadTo(alice.room.id, bob.headers, [{ name: 'file', value: PNG, filename: 'x.png' }])).statusCode).toBe(403);
      const parts = [
        { name: 'client_id', value: 'upload-0001' },
        { name: 'file', value: PNG, filename: 'x.png' },
      ];
      const first = await uploadTo(alice.room.id, alice.headers, parts);
      const again = await uploadTo(alice.room.id, alice.headers, parts);
      expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
      expect(again.json<ChatMessage>().attachment!.id).toBe(first.json<ChatMessage>().attachment!.id);
    });
  });

  describe('canned replies', () => {
    it('lets staff create, list per language, change and delete replies', async () => {
      const created = await t.post('/api/admin/canned-replies', { lang: 'ru', shortcut: 'greeting', text: 'Здравствуйте! Чем помочь?' }, admin);
      expect(created.statusCode, created.body).toBe(201);
      const reply = cannedReplySchema.strict().parse(created.json());
      await t.post('/api/admin/canned-replies', { lang: 'en', shortcut: 'greeting', text: 'Hello! How can I help?' }, admin);
      await t.post('/api/admin/canned-replies', { lang: 'ru', shortcut: 'deposit-eta', text: 'Зачисление занимает до часа.' }, admin);

      const ru = (await get('/api/admin/canned-replies?lang=ru', admin)).json<{ shortcut: string; lang: string }[]>();
      expect(ru.map((r) => r.shortcut)).toEqual(['deposit-eta', 'greeting']);
      expect(ru.every((r) => r.lang === 'ru')).toBe(true);

      const changed = await t.request({ method: 'PUT', url: `/api/admin/canned-replies/${reply.id}`, payload: { lang: 'ru', shortcut: 'hello', text: 'Добрый день!' }, headers: admin });
      expect(changed.json()).toMatchObject({ shortcut: 'hello', text: 'Добрый день!' });

      const deleted = await t.request({ method: 'DELETE', url: `/api/admin/canned-replies/${reply.id}`, headers: admin });
      expect(deleted.statusCode).toBe(204);
      expect((await t.request({ method: 'DELETE', url: `/api/admin/canned-replies/${reply.id}`, headers: admin })).statusCode).toBe(404);
      expect((await get('/api/admin/canned-replies?lang=ru', admin)).json<{ shortcut: string }[]>().map((r) => r.shortcut)).toEqual(['deposit-eta']);
    });

    it('refuses a shortcut taken in the same language, a bad one, and any client', async () => {
      await t.post('/api/admin/canned-replies', { lang: 'ua', shortcut: 'thanks', text: 'Дякуємо!' }, admin);
      const taken = await t.post('/api/admin/canned-replies', { lang: 'ua', shortcut: 'thanks', text: 'Ще раз' }, { ...admin, 'accept-language': 'ua' });
      expect(taken.statusCode).toBe(422);
      expect(Object.keys(taken.json<{ errors: object }>().errors)).toEqual(['shortcut']);
      const spaced = await t.post('/api/admin/canned-replies', { lang: 'en', shortcut: 'two words', text: 'x' }, admin);
      expect(spaced.json()).toMatchObject({ errors: { shortcut: ['The shortcut field is invalid.'] } });
      const { headers } = await newClient();
      expect((await get('/api/admin/canned-replies', headers)).statusCode).toBe(403);
      expect((await t.post('/api/admin/canned-replies', { lang: 'en', shortcut: 'x', text: 'x' }, headers)).statusCode).toBe(403);
    });
  });
});
