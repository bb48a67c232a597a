import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClosureCheck, DataExport, DataExportStatusAnswer } from '../../contract/privacy.ts';
import type { NotificationPage } from '../../contract/notifications.ts';
import { ADMIN_EMAIL, bearer, DEMO_PASSWORD, DIALECTS, type TestApp, startTestApp } from './support.ts';
import { walletClient } from './wallet-support.ts';
import { ipoClient, openOffering } from './ipo-support.ts';
import { platformOf, trader } from './platform-support.ts';

describe.each(DIALECTS)('Settings → Privacy on $name', (dialect) => {
  let t: TestApp;
  const uploadDir = mkdtempSync(join(tmpdir(), 'traderoom-privacy-'));
  const exportFiles = () => (existsSync(join(uploadDir, 'exports')) ? readdirSync(join(uploadDir, 'exports')) : []);
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { uploadDir } });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.request({ method: 'GET', url, headers });
  const exportOf = async (headers: Record<string, string>) => (await get('/api/privacy/export', headers)).json<DataExportStatusAnswer>();
  const userIdOf = async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  /** A ticket with a client message, a staff answer and a staff internal note, written as the services would store them. */
  async function ticketWithNote(userId: number, subject: string) {
    const at = t.clock.now().toISOString();
    const { id } = await t.db
      .insertInto('tickets')
      .values({ user_id: userId, category: 'other', subject, status: 'awaiting_client', assignee_id: null, service_request_id: null, created_at: at, updated_at: at, first_response_at: null, resolved_at: null, closed_at: null, rating: null, rating_comment: null, rated_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('ticket_messages')
      .values([
        { ticket_id: id, author_id: userId, author_kind: 'client', body: `Question about ${subject}`, internal: 0, created_at: at },
        { ticket_id: id, author_id: null, author_kind: 'staff', body: 'Staff answer to the client', internal: 0, created_at: at },
        { ticket_id: id, author_id: null, author_kind: 'staff', body: 'INTERNAL NOTE: check the payout provider', internal: 1, created_at: at },
      ])
      .execute();
  }

  async function readyExport(headers: Record<string, string>): Promise<DataExport> {
    const asked = await t.post('/api/privacy/export', undefined, headers);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json<DataExport>()).toMatchObject({ status: 'preparing', download_url: null });
    await t.app.services.privacy.drain();
    const { export: ready } = await exportOf(headers);
    expect(ready).toMatchObject({ status: 'ready', expires_at: new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString() });
    return ready!;
  }

  it('prepares a ZIP of the user’s data in the background, notifies them, and holds nothing of another user', async () => {
    const me = await walletClient(t);
    const demo = await me.open('USD', 'demo');
    await me.deposit(demo.id, '250');
    const myId = await userIdOf(me.email);
    await ticketWithNote(myId, 'My withdrawal');
    // The identity document's file is stored; the address document's has gone missing.
    const identity = await t.db.selectFrom('verification_documents').select(['id', 'storage_name']).where('user_id', '=', myId).where('kind', '=', 'identity').executeTakeFirstOrThrow();
    const address = await t.db.selectFrom('verification_documents').select('id').where('user_id', '=', myId).where('kind', '=', 'address').executeTakeFirstOrThrow();
    mkdirSync(uploadDir, { recursive: true });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    writeFileSync(join(uploadDir, identity.storage_name), png);
    const other = await walletClient(t);
    const otherDemo = await other.open('EUR', 'demo');
    await other.deposit(otherDemo.id, '999');
    await ticketWithNote(await userIdOf(other.email), 'Stranger’s ticket');

    expect((await exportOf(me.headers)).export).toBeNull();
    const asked = await t.post('/api/privacy/export', undefined, me.headers);
    expect(asked.statusCode).toBe(202);
    // One at a time: a second request while the first is prepared is refused.
    const again = await t.post('/api/privacy/export', undefined, me.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Your data export is already being prepared. We will tell you when it is ready.' });

    await t.app.services.privacy.drain();
    const ready = (await exportOf(me.headers)).export!;
    expect(ready).toMatchObject({ status: 'ready', download_url: expect.stringMatching(/^\/api\/privacy\/exports\/[A-Za-z0-9_-]{43}$/) });

    // Told in the app and by mail, in the user's language.
    const notes = (await get('/api/notifications', me.headers)).json<NotificationPage>();
    expect(notes.data[0]).toMatchObject({ event: 'privacy.export_ready', link: '/settings/privacy', payload: { export_id: ready.id, expires_at: ready.expires_at } });
    expect((await t.mail.latest(me.email)).subject).toBe('Your data export is ready');

    const file = await get(ready.download_url!, me.headers);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="traderoom-data-2030-01-15\.zip"(;|$)/);
    const zip = unzipSync(new Uint8Array(file.rawPayload));
    expect(Object.keys(zip).sort()).toEqual(
      [
        'README.txt',
        'chat.json',
        'data-exports.json',
        'documents.json',
        `documents/${identity.id}-identity.png`,
        `documents/${address.id}-address.png.missing.txt`,
        'ipo.json',
        'ledger.json',
        'money-requests.json',
        'notifications.json',
        'profile.json',
        'security.json',
        'service-requests.json',
        'sessions.json',
        'settings.json',
        'tickets.json',
        'trading-accounts.json',
      ].sort(),
    );
    expect(Buffer.from(zip[`documents/${identity.id}-identity.png`]!)).toEqual(png);
    const json = (name: string) => JSON.parse(strFromU8(zip[name]!)) as unknown;
    expect(json('profile.json')).toMatchObject({ id: myId, email: me.email, first_name: 'Ada', roles: ['client'] });
    expect(json('trading-accounts.json')).toEqual([expect.objectContaining({ number: demo.number, currency: 'USD', type: 'demo' })]);
    expect(json('ledger.json')).toEqual([expect.objectContaining({ account_number: demo.number, kind: 'deposit', amount: 25_000, currency: 'USD' })]);
    const tickets = json('tickets.json') as Array<{ subject: string; messages: Array<{ body: string }> }>;
    expect(tickets.map((x) => x.subject)).toEqual(['My withdrawal']);
    expect(tickets[0]!.messages.map((m) => m.body)).toEqual(['Question about My withdrawal', 'Staff answer to the client']);
    expect((json('sessions.json') as { sessions: unknown[] }).sessions.length).toBeGreaterThan(0);
    expect((json('documents.json') as unknown[]).length).toBe(2);
    // The Settings → Security feed comes along: the sign-in that asked for the export is in it.
    const security = json('security.json') as { sign_ins_and_changes: Array<{ kind: string }> };
    expect(security.sign_ins_and_changes.map((e) => e.kind)).toContain('sign_in');

    const everything = Object.values(zip).map((bytes) => strFromU8(bytes)).join('\n');
    expect(everything).not.toContain(other.email);
    expect(everything).not.toContain(otherDemo.number);
    expect(everything).not.toContain('Stranger’s ticket');
    expect(everything).not.toContain('INTERNAL NOTE');
    expect(everything).not.toMatch(/token_hash|password_hash|code_hash|public_key/);
    const tokenRow = await t.db.selectFrom('personal_access_tokens').select('token_hash').where('user_id', '=', myId).executeTakeFirstOrThrow();
    expect(everything).not.toContain(tokenRow.token_hash);
  });

  it('lets only the owner download, once an hour at most, and for 24 hours', async () => {
    const me = await walletClient(t);
    const stranger = await walletClient(t);
    const ready = await readyExport(me.headers);
    expect((await get(ready.download_url!, stranger.headers)).statusCode).toBe(404);
    expect((await get(ready.download_url!, {})).statusCode).toBe(401);
    expect((await get('/api/privacy/exports/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', me.headers)).statusCode).toBe(404);

    // A repeat within the hour waits.
    const soon = await t.post('/api/privacy/export', undefined, { ...me.headers, 'accept-language': 'ru' });
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBe('3600');
    expect(soon.json()).toEqual({ message: 'Новую выгрузку можно запрашивать раз в час. Повторите через 60 минут.' });
    expect((await exportOf(me.headers)).next_request_at).toBe(new Date(t.clock.now().getTime() + 3_600_000).toISOString());

    t.clock.advance(24 * 3_600_000);
    const gone = await get(ready.download_url!, me.headers);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: 'This download has expired and the file was deleted. Ask for a new export in Settings → Privacy.' });
    expect((await exportOf(me.headers)).export).toMatchObject({ status: 'expired', download_url: null });
    // The sweep deletes the file.
    const stored = await t.db.selectFrom('data_exports').select('storage_name').where('id', '=', ready.id).executeTakeFirstOrThrow();
    expect(exportFiles()).toContain(stored.storage_name);
    await t.app.services.privacy.drain();
    expect(await t.db.selectFrom('data_exports').select(['status', 'storage_name']).where('id', '=', ready.id).executeTakeFirstOrThrow()).toEqual({ status: 'expired', storage_name: null });
    expect(exportFiles()).not.toContain(stored.storage_name);
    // A new export may be asked for again.
    expect((await t.post('/api/privacy/export', undefined, me.headers)).statusCode).toBe(202);
  });

  it('queues one export when several requests arrive together', async () => {
    const me = await walletClient(t);
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.post('/api/privacy/export', undefined, me.headers)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409, 409, 409]);
    expect(await t.db.selectFrom('data_exports').select('id').where('user_id', '=', await userIdOf(me.email)).execute()).toHaveLength(1);
    await t.app.services.privacy.drain();
  });

  it('prepares an export a stopped worker left queued when the next pass starts', async () => {
    const me = await walletClient(t);
    const id = await userIdOf(me.email);
    // A row as a process that stopped mid-way leaves it: preparing, its claim run out.
    await t.post('/api/privacy/export', undefined, me.headers);
    await t.app.services.privacy.drain();
    await t.db.updateTable('data_exports').set({ status: 'preparing', storage_name: null, ready_at: null, expires_at: null, claimed_until: t.clock.now().toISOString() }).where('user_id', '=', id).execute();
    await t.app.services.privacy.requeue();
    await t.app.services.privacy.drain();
    expect((await exportOf(me.headers)).export).toMatchObject({ status: 'ready' });
  });

  describe('closing the account', () => {
    const closure = async (headers: Record<string, string>) => (await get('/api/privacy/closure', headers)).json<ClosureCheck>();

    it('is refused while an account holds money, and says which', async () => {
      const me = await walletClient(t);
      const demo = await me.open('USD', 'demo');
      await me.deposit(demo.id, '12.50');
      expect(await closure(me.headers)).toEqual({ blockers: [{ reason: 'balance', account_number: demo.number, currency: 'USD', precision: 2, amount: 1250 }] });
      const res = await t.post('/api/privacy/close', undefined, me.headers);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^The account cannot be closed yet/);
    });

    it('is refused with an open position', async () => {
      const me = await trader(t, { deposit: '10000' });
      // Fresh prices at the test clock's time (an earlier case moved it a day on).
      await platformOf(t).tick();
      await me.buy('EURUSD', 0.1);
      const { blockers } = await closure(me.headers);
      expect(blockers).toContainEqual({ reason: 'positions', account_number: me.login, count: 1 });
      expect((await t.post('/api/privacy/close', undefined, me.headers)).statusCode).toBe(409);
    });

    it('is refused with a pending money request', async () => {
      const me = await walletClient(t);
      const live = await me.open('EUR', 'live');
      const pending = await me.deposit(live.id, '300');
      expect(pending.json()).toMatchObject({ status: 'pending' });
      expect(await closure(me.headers)).toEqual({
        blockers: [{ reason: 'pending_request', account_number: live.number, reference: pending.json().reference, kind: 'deposit', currency: 'EUR', precision: 2, amount: 30_000 }],
      });
      expect((await t.post('/api/privacy/close', undefined, me.headers)).statusCode).toBe(409);
    });

    it('is refused while an IPO application holds money', async () => {
      const admin = bearer(await t.login(ADMIN_EMAIL));
      const offering = await openOffering(t, admin);
      const me = await ipoClient(t, '1000');
      expect((await me.apply(offering.id, '600')).statusCode).toBe(201);
      expect((await closure(me.headers)).blockers).toContainEqual({ reason: 'ipo_hold', account_number: me.usd.number, company: offering.company, currency: 'USD', precision: 2, amount: 60_000 });
      expect((await t.post('/api/privacy/close', undefined, me.headers)).statusCode).toBe(409);
    });

    it('asks for a step-up, then anonymises the account, keeps the ledger and refuses every sign-in', async () => {
      const me = await walletClient(t);
      const demo = await me.open('USD', 'demo');
      await me.deposit(demo.id, '40');
      await me.withdraw(demo.id, '40');
      const id = await userIdOf(me.email);
      const ledgerBefore = await t.db.selectFrom('ledger_entries').select(['id', 'amount']).where('user_id', '=', id).orderBy('id').execute();
      expect(ledgerBefore).toHaveLength(2);
      expect(await closure(me.headers)).toEqual({ blockers: [] });

      const asked = await t.post('/api/privacy/close', undefined, me.headers);
      expect(asked.statusCode).toBe(423);
      expect(asked.json()).toMatchObject({ step_up_required: true, methods: ['password'] });
      await me.stepUp();
      const terminated = vi.spyOn(t.app.realtime.broadcaster, 'terminateUser');
      const closed = await t.post('/api/privacy/close', undefined, me.headers);
      expect(closed.statusCode, closed.body).toBe(204);
      // The user's realtime connections are closed (socket-termination.ts), not left to outlive the account.
      expect(terminated).toHaveBeenCalledWith(String(id));
      terminated.mockRestore();

      // The confirmation went to the address before it was replaced.
      const mail = await t.mail.latest(me.email);
      expect(mail.subject).toBe('Your Traderoom account is closed');
      expect(mail.text).toContain('five years');

      const row = await t.db.selectFrom('users').select(['first_name', 'second_name', 'email', 'pending_email', 'closed_at']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ first_name: 'Closed', second_name: 'account', email: `closed-${id}@closed.invalid`, pending_email: null, closed_at: t.clock.now().toISOString() });
      expect(await t.db.selectFrom('ledger_entries').select(['id', 'amount']).where('user_id', '=', id).orderBy('id').execute()).toEqual(ledgerBefore);
      expect(await t.db.selectFrom('trading_accounts').select('status').where('id', '=', demo.id).executeTakeFirstOrThrow()).toEqual({ status: 'archived' });

      // Sessions end and forget where they were used from; what only served the person goes.
      const sessions = await t.db.selectFrom('personal_access_tokens').select(['ip', 'user_agent', 'revoked_at']).where('user_id', '=', id).execute();
      expect(sessions.every((s) => s.ip === null && s.user_agent === null && s.revoked_at !== null)).toBe(true);
      expect(await t.db.selectFrom('notifications').select('id').where('user_id', '=', id).execute()).toEqual([]);
      // The security feed held the addresses and browsers the person signed in from.
      expect(await t.db.selectFrom('security_events').select('id').where('user_id', '=', id).execute()).toEqual([]);
      // Identity documents stay for the anti-money-laundering period.
      expect(await t.db.selectFrom('verification_documents').select('id').where('user_id', '=', id).execute()).toHaveLength(2);
      expect((await get('/api/user', me.headers)).statusCode).toBe(401);
      const signIn = await t.request({ method: 'POST', url: '/api/login', payload: { email: me.email, password: DEMO_PASSWORD } });
      expect(signIn.statusCode).toBe(422);
      // Staff still find the money movements, under the anonymised name.
      const history = await t.db.selectFrom('ledger_entries').innerJoin('users', 'users.id', 'ledger_entries.user_id').select('users.email').where('users.id', '=', id).execute();
      expect(history.every((h) => h.email === `closed-${id}@closed.invalid`)).toBe(true);
    });
  });
});
