import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Timeline } from '../../contract/lifecycle.ts';
import type { LedgerEntry, TransferResult, WalletRequest } from '../../contract/trading.ts';
import { PlatformError } from '../../server/platform/port.ts';
import { nextState } from '../../server/services/lifecycle.ts';
import { walletRequestMachine } from '../../machines/wallet-request/wallet-request.machine.ts';
import { platformOf } from './platform-support.ts';
import { ADMIN_EMAIL, bearer, DIALECTS, startTestApp, type TestApp } from './support.ts';
import { walletClient } from './wallet-support.ts';

const REFUSED = 'This is no longer possible: the record has changed in the meantime. Reload it to see where it stands.';
const REFUSED_RU = 'Это действие больше невозможно: запись уже изменилась. Обновите её, чтобы увидеть текущее состояние.';

describe('the lifecycle decision, pure', () => {
  it('follows the machine and refuses what it refuses, guards included', () => {
    expect(nextState(walletRequestMachine, 'submitted', { type: 'request.approve' })).toBe('approved');
    expect(nextState(walletRequestMachine, 'under_review', { type: 'request.review', expected_at: null })).toBe('under_review');
    expect(nextState(walletRequestMachine, 'submitted', { type: 'request.reject', reason: '  ' })).toBeNull();
    expect(nextState(walletRequestMachine, 'completed', { type: 'request.reject', reason: 'Late' })).toBeNull();
    expect(nextState(walletRequestMachine, 'no such state', { type: 'request.approve' })).toBeNull();
  });
});

describe.each(DIALECTS)('lifecycles on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = bearer(await t.login(ADMIN_EMAIL));
  });
  afterAll(() => t.close());

  const staff = (id: number, action: 'approve' | 'reject' | 'review', body: unknown = {}, lang = 'en') =>
    t.post(`/api/admin/wallet-requests/${id}/${action}`, body, { ...admin, 'accept-language': lang });
  const timelineOf = async (id: number, headers: Record<string, string>) =>
    t.request({ method: 'GET', url: `/api/wallet/requests/${id}/timeline`, headers });

  /** A verified client with a live USD account and a pending deposit of 50. */
  async function pendingDeposit() {
    const c = await walletClient(t);
    const live = await c.open('USD', 'live');
    const res = await c.deposit(live.id, '50');
    expect(res.statusCode, res.body).toBe(201);
    return { c, live, entry: res.json<LedgerEntry>() };
  }

  describe('wallet requests', () => {
    it('starts submitted, goes under review with an expected time, then approved and completed, each step on the timeline', async () => {
      const { c, live, entry } = await pendingDeposit();
      expect(entry).toMatchObject({ status: 'pending', state: 'submitted', reason: null, expected_at: null });

      const review = await staff(entry.id, 'review', { expected_at: '2030-01-16T12:00:00.000Z' });
      expect(review.statusCode, review.body).toBe(200);
      expect(review.json<WalletRequest>()).toMatchObject({ status: 'pending', state: 'under_review', expected_at: '2030-01-16T12:00:00.000Z' });
      const later = await staff(entry.id, 'review', { expected_at: '2030-01-17T12:00:00.000Z' });
      expect(later.json<WalletRequest>()).toMatchObject({ state: 'under_review', expected_at: '2030-01-17T12:00:00.000Z' });
      expect((await timelineOf(entry.id, c.headers)).json<Timeline>()).toMatchObject({ state: 'under_review', expected_at: '2030-01-17T12:00:00.000Z' });

      const approved = await staff(entry.id, 'approve');
      expect(approved.json<WalletRequest>()).toMatchObject({ status: 'completed', state: 'completed', expected_at: null });
      expect((await c.account(live.id)).balance).toBe(5000);

      const timeline = (await timelineOf(entry.id, c.headers)).json<Timeline>();
      expect(timeline).toMatchObject({ kind: 'wallet_request', id: entry.id, state: 'completed', expected_at: null });
      expect(timeline.steps.map((s) => [s.from, s.to, s.event, s.by])).toEqual([
        [null, 'submitted', 'created', 'client'],
        ['submitted', 'under_review', 'request.review', 'staff'],
        ['under_review', 'under_review', 'request.review', 'staff'],
        ['under_review', 'approved', 'request.approve', 'staff'],
        ['approved', 'completed', 'request.complete', 'system'],
      ]);
      expect(timeline.steps.every((s) => s.at === '2030-01-15T09:00:00.000Z')).toBe(true);
    });

    it('rejects with the reason, which reaches the client on the entry and the timeline', async () => {
      const { c, entry } = await pendingDeposit();
      const rejected = await staff(entry.id, 'reject', { reason: '  The card is not in your name.  ' });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json<WalletRequest>()).toMatchObject({ status: 'rejected', state: 'rejected', reason: 'The card is not in your name.' });

      const history = (await t.request({ method: 'GET', url: '/api/history', headers: c.headers })).json<{ data: LedgerEntry[] }>();
      expect(history.data[0]).toMatchObject({ id: entry.id, state: 'rejected', reason: 'The card is not in your name.' });
      const timeline = (await timelineOf(entry.id, c.headers)).json<Timeline>();
      expect(timeline.steps.at(-1)).toMatchObject({ from: 'submitted', to: 'rejected', event: 'request.reject', by: 'staff', reason: 'The card is not in your name.' });
    });

    it('rejects from under review too', async () => {
      const { entry } = await pendingDeposit();
      await staff(entry.id, 'review', {});
      const rejected = await staff(entry.id, 'reject', { reason: 'Documents expired.' });
      expect(rejected.json<WalletRequest>()).toMatchObject({ state: 'rejected', reason: 'Documents expired.' });
    });

    it('refuses a rejection without a reason or with one over 500 characters, in the request’s language, and changes nothing', async () => {
      const { entry } = await pendingDeposit();
      const none = await staff(entry.id, 'reject', {});
      expect(none.statusCode).toBe(422);
      expect(none.json().errors).toEqual({ reason: ['The reason field is required.'] });
      expect((await staff(entry.id, 'reject', { reason: '   ' })).statusCode).toBe(422);
      const long = await staff(entry.id, 'reject', { reason: 'x'.repeat(501) }, 'ru');
      expect(long.statusCode).toBe(422);
      expect(long.json().errors.reason[0]).toMatch(/500/);
      expect((await staff(entry.id, 'reject', { reason: 'x'.repeat(500) })).statusCode).toBe(200);
    });

    it('answers 409 to every transition the state does not allow, in the request’s language', async () => {
      const done = await pendingDeposit();
      await staff(done.entry.id, 'approve');
      for (const [action, body] of [['approve', {}], ['reject', { reason: 'Too late' }], ['review', {}]] as const) {
        const res = await staff(done.entry.id, action, body);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ message: REFUSED });
      }
      const rejected = await pendingDeposit();
      await staff(rejected.entry.id, 'reject', { reason: 'No.' });
      const ru = await staff(rejected.entry.id, 'approve', {}, 'ru');
      expect(ru.statusCode).toBe(409);
      expect(ru.json()).toEqual({ message: REFUSED_RU });
      expect((await timelineOf(rejected.entry.id, rejected.c.headers)).json<Timeline>().steps).toHaveLength(2);
    });

    it('refuses a decision on a request in flight to the platform', async () => {
      const { entry } = await pendingDeposit();
      const unreachable = vi.spyOn(platformOf(t), 'balance').mockRejectedValueOnce(new PlatformError('unavailable', {}));
      try {
        expect((await staff(entry.id, 'approve')).statusCode).toBe(503);
      } finally {
        unreachable.mockRestore();
      }
      const row = await t.db.selectFrom('ledger_entries').select(['state', 'status']).where('id', '=', entry.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 'approved', status: 'pending' });
      expect((await staff(entry.id, 'reject', { reason: 'Changed my mind' })).statusCode).toBe(409);
      expect((await staff(entry.id, 'approve')).statusCode).toBe(409);
    });

    it('puts an approval the platform refuses back under review, and the sweep rejects one refused for good', async () => {
      const bounced = await pendingDeposit();
      const refuse = vi.spyOn(platformOf(t), 'balance').mockRejectedValueOnce(new PlatformError('archived', {}));
      try {
        expect((await staff(bounced.entry.id, 'approve')).statusCode).toBe(422);
      } finally {
        refuse.mockRestore();
      }
      const back = (await timelineOf(bounced.entry.id, bounced.c.headers)).json<Timeline>();
      expect(back.state).toBe('under_review');
      expect(back.steps.at(-1)).toMatchObject({ from: 'approved', to: 'under_review', event: 'request.bounce', by: 'system' });
      expect((await staff(bounced.entry.id, 'approve')).json<WalletRequest>()).toMatchObject({ state: 'completed' });

      const failed = await pendingDeposit();
      const unreachable = vi.spyOn(platformOf(t), 'balance').mockRejectedValueOnce(new PlatformError('unavailable', {}));
      try {
        expect((await staff(failed.entry.id, 'approve')).statusCode).toBe(503);
      } finally {
        unreachable.mockRestore();
      }
      t.clock.advance(120_000);
      const archived = vi.spyOn(platformOf(t), 'balance').mockRejectedValue(new PlatformError('archived', {}));
      try {
        await t.app.services.wallet.settleInFlight(60_000);
      } finally {
        archived.mockRestore();
      }
      const end = (await timelineOf(failed.entry.id, failed.c.headers)).json<Timeline>();
      expect(end.state).toBe('rejected');
      expect(end.steps.at(-1)).toMatchObject({ from: 'approved', to: 'rejected', event: 'request.fail', by: 'system', reason: 'archived' });
    });

    it('decides exactly once when 20 decisions arrive together', async () => {
      const { c, live, entry } = await pendingDeposit();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? staff(entry.id, 'approve') : staff(entry.id, 'reject', { reason: `Reason ${i}` }))),
      );
      const won = answers.filter((r) => r.statusCode === 200);
      expect(won).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
      const timeline = (await timelineOf(entry.id, c.headers)).json<Timeline>();
      const decisions = timeline.steps.filter((s) => s.event === 'request.approve' || s.event === 'request.reject');
      expect(decisions).toHaveLength(1);
      expect((await c.account(live.id)).balance).toBe(decisions[0]!.event === 'request.approve' ? 5000 : 0);
    });

    it('shows a request’s timeline to its owner and staff only; a transfer has none', async () => {
      const { c, entry } = await pendingDeposit();
      const other = await walletClient(t);
      expect((await timelineOf(entry.id, other.headers)).statusCode).toBe(404);
      expect((await timelineOf(entry.id, {})).statusCode).toBe(401);
      const forStaff = await t.request({ method: 'GET', url: `/api/admin/wallet-requests/${entry.id}/timeline`, headers: admin });
      expect(forStaff.json<Timeline>()).toMatchObject({ id: entry.id, state: 'submitted' });
      expect((await t.request({ method: 'GET', url: `/api/admin/wallet-requests/${entry.id}/timeline`, headers: c.headers })).statusCode).toBe(403);

      const a = await c.open('USD');
      const b = await c.open('USD');
      await c.deposit(a.id, '5');
      const demoDeposit = (await t.request({ method: 'GET', url: `/api/history?account_id=${a.id}`, headers: c.headers })).json<{ data: LedgerEntry[] }>().data[0]!;
      // Demo money: submitted, approved by the system, completed, at once.
      expect((await timelineOf(demoDeposit.id, c.headers)).json<Timeline>().steps.map((s) => [s.to, s.by])).toEqual([
        ['submitted', 'client'],
        ['approved', 'system'],
        ['completed', 'system'],
      ]);
      const transfer = (await c.transfer(a.id, b.id, '1')).json<TransferResult>();
      expect((await timelineOf(transfer.from.id, c.headers)).statusCode).toBe(404);
      expect((await timelineOf(999_999, c.headers)).statusCode).toBe(404);
    });
  });
});
