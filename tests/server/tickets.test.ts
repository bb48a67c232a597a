import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminTicket, AdminTicketSummary, Ticket, TicketSummary } from '../../contract/tickets.ts';
import { ADMIN_EMAIL, bearer, DEMO_PASSWORD, DIALECTS, startTestApp, uniqueEmail, type TestApp } from './support.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const HTML_AS_PNG = Buffer.from('<!doctype html><script>alert(1)</script>');
const DAY = 24 * 60 * 60 * 1000;

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/** A multipart/form-data body, as a browser's FormData sends it. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----traderoom${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename !== undefined;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file ? `; filename="${part.filename}"` : ''}\r\n${file ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));
const file = (value: Buffer, filename: string): Part => ({ name: 'files', value, filename });

describe.each(DIALECTS)('tickets on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let secondStaff: Record<string, string>;
  let secondStaffEmail: string;
  const uploadDir = mkdtempSync(join(tmpdir(), 'traderoom-ticket-uploads-'));

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { uploadDir } });
    secondStaffEmail = uniqueEmail('staff');
    await t.app.services.users.create({ first_name: 'Boris', second_name: 'Keller', email: secondStaffEmail, password: DEMO_PASSWORD, roles: ['admin'], verified: true });
    await t.enrolStaff(secondStaffEmail);
  });
  // Sign-ins expire as the tests move the clock by days: each test signs staff in afresh.
  beforeEach(async () => {
    admin = bearer(await t.login(ADMIN_EMAIL));
    secondStaff = bearer(await t.login(secondStaffEmail));
  });
  afterAll(async () => {
    await t.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const clientEmails = new Map<Record<string, string>, string>();
  async function client(): Promise<Record<string, string>> {
    const email = uniqueEmail('tickets');
    await t.registerVerified({ first_name: 'Olena', second_name: 'Shevchenko', email, password: 'a good password' });
    const auth = bearer(await t.login(email, 'a good password'));
    clientEmails.set(auth, email);
    return auth;
  }
  /** Moves the clock by days, then signs the client and staff in again (their sign-ins would have expired). */
  async function later(ms: number, auth: Record<string, string>): Promise<void> {
    t.clock.advance(ms);
    Object.assign(auth, bearer(await t.login(clientEmails.get(auth)!, 'a good password')));
    admin = bearer(await t.login(ADMIN_EMAIL));
  }

  const send = (url: string, auth: Record<string, string>, parts: Part[]) => {
    const body = multipart(parts);
    return t.request({ method: 'POST', url, payload: body.payload, headers: { ...auth, ...body.headers } });
  };
  const open = (auth: Record<string, string>, extra: Part[] = [], values: Record<string, string> = {}) =>
    send('/api/tickets', auth, [...fields({ category: 'withdrawal', subject: 'Withdrawal pending', message: 'My withdrawal is pending for 3 days.', ...values }), ...extra]);
  const get = (url: string, auth: Record<string, string>) => t.request({ method: 'GET', url, headers: auth });
  const staffStatus = (id: number, event: string, auth = admin) => t.post(`/api/admin/tickets/${id}/status`, { event }, auth);
  const staffReply = (id: number, message: string, internal = false, extra: Part[] = []) =>
    send(`/api/admin/tickets/${id}/messages`, admin, [...fields({ message, internal: internal ? '1' : '0' }), ...extra]);

  it('opens a ticket with an attachment, numbered T-000123, and lists it', async () => {
    const auth = await client();
    const res = await open(auth, [file(PNG, 'screenshot.png')]);
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json<Ticket>();
    expect(ticket).toMatchObject({ category: 'withdrawal', subject: 'Withdrawal pending', status: 'open', handler: null, rating: null, reopen_until: null });
    expect(ticket.number).toBe(`T-${String(ticket.id).padStart(6, '0')}`);
    expect(ticket.messages).toEqual([
      expect.objectContaining({
        author: { kind: 'client', name: 'Olena Shevchenko' },
        body: 'My withdrawal is pending for 3 days.',
        internal: false,
        attachments: [expect.objectContaining({ file_name: 'screenshot.png', mime_type: 'image/png', size: PNG.length })],
      }),
    ]);
    const list = (await get('/api/tickets', auth)).json<TicketSummary[]>();
    expect(list.map((s) => s.number)).toEqual([ticket.number]);

    const attachment = ticket.messages[0]!.attachments[0]!;
    const download = await get(`/api/tickets/${ticket.id}/attachments/${attachment.id}`, auth);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(PNG)).toBe(true);
  });

  it('tells an attachment’s type by its content and keeps nothing of a refused form', async () => {
    const auth = await client();
    const before = readdirSync(uploadDir).length;
    const disguised = await open(auth, [file(HTML_AS_PNG, 'photo.png')]);
    expect(disguised.statusCode).toBe(422);
    expect(disguised.json().errors).toEqual({ files: ['The file must be a PNG or JPEG image or a PDF document.'] });

    const four = await open(auth, [file(PNG, 'a.png'), file(PNG, 'b.png'), file(PDF, 'c.pdf'), file(PNG, 'd.png')]);
    expect(four.statusCode).toBe(422);
    expect(four.json().errors).toEqual({ files: ['Attach at most 3 files.'] });

    const noSubject = await open(auth, [file(PDF, 'statement.pdf')], { subject: ' ', category: 'lottery' });
    expect(noSubject.statusCode).toBe(422);
    expect(Object.keys(noSubject.json().errors).sort()).toEqual(['category', 'subject']);
    const empty = await open(auth, [], { category: '', subject: '', message: '' });
    expect(empty.json().errors).toEqual({
      category: ['The category field is required.'],
      subject: ['The subject field is required.'],
      message: ['The message field is required.'],
    });
    expect(readdirSync(uploadDir).length).toBe(before);

    const ru = await send('/api/tickets', { ...auth, 'accept-language': 'ru' }, [...fields({ category: 'other', subject: 'x', message: 'y' }), file(HTML_AS_PNG, 'x.png')]);
    expect(ru.json().errors.files).toEqual(['Файл должен быть изображением PNG или JPEG либо документом PDF.']);
  });

  it('answers another client’s ticket and attachment as missing, whatever the call', async () => {
    const owner = await client();
    const stranger = await client();
    const ticket = (await open(owner, [file(PDF, 'statement.pdf')])).json<Ticket>();
    const attachment = ticket.messages[0]!.attachments[0]!;
    expect((await get(`/api/tickets/${ticket.id}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/tickets/${ticket.id}/attachments/${attachment.id}`, stranger)).statusCode).toBe(404);
    expect((await send(`/api/tickets/${ticket.id}/messages`, stranger, fields({ message: 'hi' }))).statusCode).toBe(404);
    expect((await t.post(`/api/tickets/${ticket.id}/reopen`, {}, stranger)).statusCode).toBe(404);
    expect((await t.post(`/api/tickets/${ticket.id}/rating`, { score: 1 }, stranger)).statusCode).toBe(404);
    expect((await get('/api/tickets', stranger)).json()).toEqual([]);
    // Staff-only calls are refused to clients outright.
    expect((await get(`/api/admin/tickets/${ticket.id}`, stranger)).statusCode).toBe(403);
    expect((await t.post(`/api/admin/tickets/${ticket.id}/claim`, {}, owner)).statusCode).toBe(403);
  });

  it('keeps internal notes and their files from the client through every call', async () => {
    const auth = await client();
    const ticket = (await open(auth)).json<Ticket>();
    const noted = await staffReply(ticket.id, 'Check the payout provider first.', true, [file(PNG, 'provider.png')]);
    expect(noted.statusCode, noted.body).toBe(200);
    const note = noted.json<AdminTicket>().messages.find((m) => m.internal)!;
    expect(note).toMatchObject({ body: 'Check the payout provider first.', author: { kind: 'staff', name: 'Alexandra Morgan' } });
    expect(noted.json<AdminTicket>().status).toBe('open');

    const seen = (await get(`/api/tickets/${ticket.id}`, auth)).json<Ticket>();
    expect(seen.messages.map((m) => m.body)).toEqual(['My withdrawal is pending for 3 days.']);
    expect(JSON.stringify(seen)).not.toContain('payout provider');
    expect((await get(`/api/tickets/${ticket.id}/attachments/${note.attachments[0]!.id}`, auth)).statusCode).toBe(404);
    expect(JSON.stringify((await get('/api/tickets', auth)).json())).not.toContain('payout provider');
    const replied = await send(`/api/tickets/${ticket.id}/messages`, auth, fields({ message: 'Any news?' }));
    expect(JSON.stringify(replied.json())).not.toContain('payout provider');
    // A client's form cannot make a note.
    const sneaky = await send(`/api/tickets/${ticket.id}/messages`, auth, fields({ message: 'secret?', internal: '1' }));
    expect(sneaky.json<Ticket>().messages.at(-1)).toMatchObject({ body: 'secret?', internal: false });
    // Staff see the note and its file.
    expect((await get(`/api/tickets/${ticket.id}/attachments/${note.attachments[0]!.id}`, admin)).statusCode).toBe(200);
  });

  it('walks the lifecycle: every step the machine allows, and a 409 for every one it refuses', async () => {
    const auth = await client();
    const ticket = (await open(auth)).json<Ticket>();
    const id = ticket.id;
    const status = async () => (await get(`/api/tickets/${id}`, auth)).json<Ticket>().status;

    expect((await t.post(`/api/tickets/${id}/rating`, { score: 5 }, auth)).statusCode).toBe(409);
    expect((await send(`/api/tickets/${id}/messages`, auth, fields({ message: 'More detail.' }))).json<Ticket>().status).toBe('open');

    t.clock.advance(90_000);
    const answered = await staffReply(id, 'We are checking with the bank.');
    expect(answered.json<AdminTicket>()).toMatchObject({ status: 'awaiting_client', first_response_seconds: 90, handler: { name: 'Alexandra Morgan' } });
    expect(await status()).toBe('awaiting_client');
    expect((await send(`/api/tickets/${id}/messages`, auth, fields({ message: 'Thanks.' }))).json<Ticket>().status).toBe('awaiting_staff');
    expect((await staffStatus(id, 'staff.await_client')).json<AdminTicket>().status).toBe('awaiting_client');
    expect((await staffStatus(id, 'staff.await_staff')).json<AdminTicket>().status).toBe('awaiting_staff');
    const illegal = await staffStatus(id, 'staff.reopen');
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().message).toBe('That is not possible in the ticket’s current status.');

    t.clock.advance(3_600_000);
    const resolved = (await staffStatus(id, 'staff.resolve')).json<AdminTicket>();
    expect(resolved).toMatchObject({ status: 'resolved', resolution_seconds: 90 + 3_600 });
    expect((await get(`/api/tickets/${id}`, auth)).json<Ticket>().reopen_until).toBe(new Date(t.clock.current.getTime() + 7 * DAY).toISOString());
    expect((await send(`/api/tickets/${id}/messages`, auth, fields({ message: 'One more thing' }))).statusCode).toBe(409);
    expect((await staffReply(id, 'Anything else?')).statusCode).toBe(409);

    await later(6 * DAY, auth);
    const reopened = await t.post(`/api/tickets/${id}/reopen`, {}, auth);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json<Ticket>()).toMatchObject({ status: 'awaiting_staff', reopen_until: null });

    await staffStatus(id, 'staff.resolve');
    await later(8 * DAY, auth);
    const late = await t.post(`/api/tickets/${id}/reopen`, {}, { ...auth, 'accept-language': 'ua' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Звернення можна відкрити знову лише протягом 7 днів після його вирішення.');

    const rated = await t.post(`/api/tickets/${id}/rating`, { score: 4, comment: 'Quick and clear.' }, auth);
    expect(rated.json<Ticket>()).toMatchObject({ status: 'resolved', rating: { score: 4, comment: 'Quick and clear.' } });
    expect((await t.post(`/api/tickets/${id}/rating`, { score: 5 }, auth)).json().message).toBe('You have already rated this answer.');
    expect((await t.post(`/api/tickets/${id}/rating`, { score: 6 }, auth)).statusCode).toBe(422);

    expect((await staffStatus(id, 'staff.close')).json<AdminTicket>().status).toBe('closed');
    for (const event of ['staff.resolve', 'staff.reopen', 'staff.close', 'staff.await_client']) expect((await staffStatus(id, event)).statusCode).toBe(409);
    expect((await t.post(`/api/tickets/${id}/reopen`, {}, auth)).statusCode).toBe(409);
    expect((await t.post(`/api/admin/tickets/${id}/claim`, {}, admin)).statusCode).toBe(409);
    const timeline = (await get(`/api/tickets/${id}`, auth)).json<Ticket>().timeline;
    expect(timeline.map((s) => `${s.by}:${s.event}:${s.to}`)).toEqual([
      'client:created:open',
      'client:client.reply:open',
      'staff:staff.reply:awaiting_client',
      'client:client.reply:awaiting_staff',
      'staff:staff.await_client:awaiting_client',
      'staff:staff.await_staff:awaiting_staff',
      'staff:staff.resolve:resolved',
      'client:client.reopen:awaiting_staff',
      'staff:staff.resolve:resolved',
      'client:client.rate:resolved',
      'staff:staff.close:closed',
    ]);
    // A note stays possible on a closed ticket.
    expect((await staffReply(id, 'Closed after the payout landed.', true)).statusCode).toBe(200);
  });

  it('lets exactly one of two staff claiming at once have the ticket', async () => {
    const auth = await client();
    const { id } = (await open(auth)).json<Ticket>();
    const results = await Promise.all([t.post(`/api/admin/tickets/${id}/claim`, {}, admin), t.post(`/api/admin/tickets/${id}/claim`, {}, secondStaff)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json<AdminTicket>().handler!;
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(`${winner.name} has already claimed this ticket.`);

    // Two ratings at once: the status stays resolved, yet exactly one is written.
    await staffStatus(id, 'staff.resolve');
    const ratings = await Promise.all([t.post(`/api/tickets/${id}/rating`, { score: 2 }, auth), t.post(`/api/tickets/${id}/rating`, { score: 5 }, auth)]);
    expect(ratings.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const kept = ratings.find((r) => r.statusCode === 200)!.json<Ticket>().rating!.score;
    expect((await get(`/api/tickets/${id}`, auth)).json<Ticket>().rating!.score).toBe(kept);
    expect((await get(`/api/tickets/${id}`, auth)).json<Ticket>().handler).toEqual(winner);

    const staff = (await get('/api/admin/tickets/staff', admin)).json<Array<{ id: number; name: string }>>();
    const boris = staff.find((s) => s.name === 'Boris Keller')!;
    expect((await t.post(`/api/admin/tickets/${id}/assign`, { assignee_id: boris.id }, admin)).json<AdminTicket>().handler).toEqual(boris);
    expect((await t.post(`/api/admin/tickets/${id}/assign`, { assignee_id: 999_999 }, admin)).statusCode).toBe(422);
    expect((await t.post(`/api/admin/tickets/${id}/assign`, { assignee_id: null }, admin)).json<AdminTicket>().handler).toBeNull();
  });

  it('filters the staff queue by status, category, assignee and age', async () => {
    const auth = await client();
    const old = (await open(auth, [], { category: 'verification', subject: 'Document stuck' })).json<Ticket>();
    await later(2 * DAY, auth);
    secondStaff = bearer(await t.login(secondStaffEmail));
    const fresh = (await open(auth, [], { category: 'trading', subject: 'Order rejected' })).json<Ticket>();
    await t.post(`/api/admin/tickets/${fresh.id}/claim`, {}, secondStaff);
    const queue = async (query: string) => (await get(`/api/admin/tickets?${query}`, admin)).json<AdminTicketSummary[]>().map((s) => s.id);

    expect(await queue('category=verification')).toContain(old.id);
    expect(await queue('category=verification')).not.toContain(fresh.id);
    expect(await queue('age=24h')).toContain(old.id);
    expect(await queue('age=24h')).not.toContain(fresh.id);
    expect(await queue('assignee=none')).not.toContain(fresh.id);
    expect(await queue('assignee=me')).not.toContain(fresh.id);
    expect(await queue('status=open&category=trading')).toContain(fresh.id);
    const row = (await get('/api/admin/tickets?category=trading', admin)).json<AdminTicketSummary[]>().find((s) => s.id === fresh.id)!;
    expect(row).toMatchObject({ client: { name: 'Olena Shevchenko' }, handler: { name: 'Boris Keller' }, first_response_seconds: null });
    expect((await get('/api/admin/tickets?status=lost', admin)).statusCode).toBe(422);
  });

  it('turns a service request into a ticket of its category', async () => {
    const auth = await client();
    const offers = (await get('/api/services', auth)).json<Array<{ id: number; code: string; title: string }>>();
    const vps = offers.find((o) => o.code === 'vps')!;
    expect((await t.post('/api/service-requests', { service_id: vps.id, note: 'For my EA.' }, auth)).statusCode).toBe(201);
    const [ticket] = (await get('/api/tickets', auth)).json<TicketSummary[]>();
    expect(ticket).toMatchObject({ category: 'trading', subject: vps.title, status: 'open' });
    const full = (await get(`/api/tickets/${ticket!.id}`, auth)).json<Ticket>();
    expect(full.messages).toEqual([expect.objectContaining({ author: { kind: 'system', name: '' }, body: 'For my EA.' })]);
  });

  it('tells staff of a new ticket and the client of an answer and of a status change staff made', async () => {
    const auth = await client();
    const { id, number } = (await open(auth, [], { subject: 'Where is my payout?' })).json<Ticket>();
    const events = async (who: Record<string, string>) =>
      (await get('/api/notifications', who)).json<{ data: Array<{ event: string; payload: { ticket_id: number }; link: string | null }> }>().data.filter((n) => n.payload.ticket_id === id);

    expect(await events(admin)).toEqual([expect.objectContaining({ event: 'ticket.new', link: `/administration/tickets/${id}`, payload: expect.objectContaining({ number, client: 'Olena Shevchenko' }) })]);
    await staffReply(id, 'A note only staff read.', true);
    expect(await events(auth)).toEqual([]);
    await staffReply(id, 'It left our bank today.');
    await staffStatus(id, 'staff.resolve');
    await t.post(`/api/tickets/${id}/reopen`, {}, auth);
    expect((await events(auth)).map((n) => n.event)).toEqual(['ticket.status', 'ticket.reply']);
    expect((await events(auth))[1]).toMatchObject({ link: `/tickets/${id}`, payload: { from: 'Alexandra Morgan', subject: 'Where is my payout?' } });
  });

  it('refuses an eleventh ticket within the hour', async () => {
    const auth = await client();
    for (let i = 0; i < 10; i++) expect((await open(auth)).statusCode).toBe(201);
    const refused = await open(auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
