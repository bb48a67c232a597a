import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timeline } from '../../contract/lifecycle.ts';
import type { LedgerEntry, WalletRequest } from '../../contract/trading.ts';
import type { AdminTicket, Ticket } from '../../contract/tickets.ts';
import { ADMIN_EMAIL, bearer, DEMO_PASSWORD, DIALECTS, startTestApp, type TestApp, uniqueEmail } from './support.ts';
import { walletClient } from './wallet-support.ts';

function multipart(fields: Record<string, string>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----traderoom${Math.random().toString(16).slice(2)}`;
  const body = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + `--${boundary}--\r\n`;
  return { payload: Buffer.from(body), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DIALECTS)('staff steps on timelines on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let second: Record<string, string>;
  let secondId: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = bearer(await t.login(ADMIN_EMAIL));
    const email = uniqueEmail('staff');
    secondId = (await t.app.services.users.create({ first_name: 'Boris', second_name: 'Keller', email, password: DEMO_PASSWORD, roles: ['admin'], verified: true })).id;
    await t.enrolStaff(email);
    second = bearer(await t.login(email));
  });
  afterAll(() => t.close());

  const now = () => t.clock.now().getTime();
  const inHours = (hours: number) => new Date(now() + hours * 3_600_000).toISOString();

  describe('the expected time of the next step', () => {
    it('is taken for a money request only when it lies ahead, and refused in the staff member’s language otherwise', async () => {
      const c = await walletClient(t);
      const live = await c.open('USD', 'live');
      const entry = (await c.deposit(live.id, '50')).json<LedgerEntry>();
      const review = (body: unknown, lang = 'en') => t.post(`/api/admin/wallet-requests/${entry.id}/review`, body, { ...admin, 'accept-language': lang });

      const past = await review({ expected_at: inHours(-1) }, 'ru');
      expect(past.statusCode).toBe(422);
      expect(past.json()).toEqual({ message: 'Поле «ожидаемое время» должно быть в будущем.', errors: { expected_at: ['Поле «ожидаемое время» должно быть в будущем.'] } });
      expect((await review({ expected_at: t.clock.now().toISOString() })).json().errors).toEqual({ expected_at: ['The expected time must be in the future.'] });
      // Nothing moved: the request is still as submitted.
      const timeline = async () => (await t.request({ method: 'GET', url: `/api/wallet/requests/${entry.id}/timeline`, headers: c.headers })).json<Timeline>();
      expect((await timeline()).state).toBe('submitted');

      const expected = inHours(26);
      const taken = await review({ expected_at: expected });
      expect(taken.statusCode, taken.body).toBe(200);
      expect(taken.json<WalletRequest>()).toMatchObject({ state: 'under_review', expected_at: expected });
      expect(await timeline()).toMatchObject({ state: 'under_review', expected_at: expected });
      // Without a time: no time, no refusal.
      expect((await review({})).statusCode).toBe(200);
    });

    it('is taken for an identity document only when it lies ahead', async () => {
      const email = uniqueEmail('kyc');
      await t.registerVerified({ email, password: DEMO_PASSWORD });
      const user = (await t.app.services.users.findByEmail(email))!;
      const at = t.clock.now().toISOString();
      const { id } = await t.db
        .insertInto('verification_documents')
        .values({ user_id: user.id, kind: 'identity', status: 'pending', state: 'uploaded', original_name: 'id.png', mime_type: 'image/png', size: 1, storage_name: randomUUID(), rejection_reason: null, reviewer_id: null, submitted_at: at, reviewed_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const review = (body: unknown) => t.post(`/api/admin/verifications/${id}/review`, body, admin);
      const past = await review({ expected_at: inHours(-48) });
      expect(past.statusCode).toBe(422);
      expect(past.json().errors).toEqual({ expected_at: ['The expected time must be in the future.'] });
      const expected = inHours(3);
      const taken = await review({ expected_at: expected });
      expect(taken.statusCode, taken.body).toBe(200);
      expect(taken.json()).toMatchObject({ state: 'under_review', expected_at: expected });
      const approved = await t.post(`/api/admin/verifications/${id}/approve`, {}, admin);
      expect(approved.json()).toMatchObject({ state: 'approved', expected_at: null });
    });
  });

  describe('claims and assignments of tickets', () => {
    it('appear on the ticket’s timeline: who took it and when, for staff and for the client', async () => {
      const email = uniqueEmail('tickets');
      await t.registerVerified({ email, password: DEMO_PASSWORD });
      const client = bearer(await t.login(email, DEMO_PASSWORD));
      const form = multipart({ category: 'deposit', subject: 'Deposit missing', message: 'I paid yesterday.' });
      const opened = (await t.request({ method: 'POST', url: '/api/tickets', payload: form.payload, headers: { ...client, ...form.headers } })).json<Ticket>();

      const claimedAt = t.clock.now().toISOString();
      const claimed = await t.post(`/api/admin/tickets/${opened.id}/claim`, {}, admin);
      expect(claimed.statusCode, claimed.body).toBe(200);
      t.clock.advance(60_000);
      const assignedAt = t.clock.now().toISOString();
      expect((await t.post(`/api/admin/tickets/${opened.id}/assign`, { assignee_id: secondId }, second)).statusCode).toBe(200);
      // A lost claim changes nothing and records nothing.
      expect((await t.post(`/api/admin/tickets/${opened.id}/claim`, {}, admin)).statusCode).toBe(409);

      const staffView = (await t.request({ method: 'GET', url: `/api/admin/tickets/${opened.id}`, headers: admin })).json<AdminTicket>();
      const steps = (timeline: readonly { event: string; by: string; reason: string | null; at: string }[]) => timeline.map((s) => [s.event, s.by, s.reason, s.at]);
      expect(steps(staffView.timeline)).toEqual([
        ['created', 'client', null, opened.created_at],
        ['staff.claim', 'staff', 'Alexandra Morgan', claimedAt],
        ['staff.assign', 'staff', 'Boris Keller', assignedAt],
      ]);
      const clientView = (await t.request({ method: 'GET', url: `/api/tickets/${opened.id}`, headers: client })).json<Ticket>();
      expect(steps(clientView.timeline)).toEqual(steps(staffView.timeline));
      expect(clientView.handler?.name).toBe('Boris Keller');
    });
  });

  describe('claims of chats', () => {
    it('appear on the room’s timeline with who and when; a lost claim records nothing', async () => {
      const email = uniqueEmail('chat');
      await t.registerVerified({ email, password: DEMO_PASSWORD });
      const client = bearer(await t.login(email, DEMO_PASSWORD));
      const room = (await t.post('/api/chat/room', {}, client)).json<{ id: number }>();
      const claimedAt = t.clock.now().toISOString();
      expect((await t.post(`/api/admin/chat/rooms/${room.id}/claim`, {}, admin)).statusCode).toBe(200);
      expect((await t.post(`/api/admin/chat/rooms/${room.id}/claim`, {}, admin)).statusCode).toBe(200);
      expect((await t.post(`/api/admin/chat/rooms/${room.id}/claim`, {}, second)).statusCode).toBe(409);
      t.clock.advance(120_000);
      const releasedAt = t.clock.now().toISOString();
      await t.request({ method: 'DELETE', url: `/api/admin/chat/rooms/${room.id}/claim`, headers: admin });
      expect((await t.post(`/api/admin/chat/rooms/${room.id}/claim`, {}, second)).statusCode).toBe(200);
      await t.post(`/api/admin/chat/rooms/${room.id}/status`, { status: 'resolved' }, second);

      const timeline = await t.request({ method: 'GET', url: `/api/admin/chat/rooms/${room.id}/timeline`, headers: admin });
      expect(timeline.statusCode, timeline.body).toBe(200);
      expect(timeline.json<Timeline>().steps.map((s) => [s.event, s.by, s.reason, s.at])).toEqual([
        ['staff.claim', 'staff', 'Alexandra Morgan', claimedAt],
        ['staff.release', 'staff', 'Alexandra Morgan', releasedAt],
        ['staff.claim', 'staff', 'Boris Keller', releasedAt],
        ['staff.resolve', 'staff', null, releasedAt],
      ]);
      // Staff only.
      expect((await t.request({ method: 'GET', url: `/api/admin/chat/rooms/${room.id}/timeline`, headers: client })).statusCode).toBe(403);
    });
  });
});
