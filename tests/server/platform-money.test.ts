import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentMethod } from '../../contract/payments.ts';
import type { Deal, Reconciliation, Statement } from '../../contract/platform.ts';
import type { LedgerEntry, Paged, TransferResult } from '../../contract/trading.ts';
import { PlatformError } from '../../server/platform/port.ts';
import { ADMIN_EMAIL, bearer, DIALECTS, startTestApp, type TestApp } from './support.ts';
import { platformOf, trader } from './platform-support.ts';
import { approveVerification, walletClient } from './wallet-support.ts';

describe.each(DIALECTS)('money on the platform on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { verificationDepositThreshold: 2_000 } });
    admin = bearer(await t.login(ADMIN_EMAIL));
  });
  afterAll(() => t.close());

  const methods = async (headers: Record<string, string>, query: string) =>
    (await t.request({ method: 'GET', url: `/api/payment-methods?${query}`, headers })).json<PaymentMethod[]>();

  describe('deals', () => {
    it('books a demo deposit as a balance deal whose ticket the ledger entry keeps', async () => {
      const c = await walletClient(t);
      const demo = await c.open('EUR');
      const entry = (await c.deposit(demo.id, '250')).json<LedgerEntry>();
      expect(entry).toMatchObject({ status: 'completed', amount: 25_000, platform_ticket: expect.any(Number), fee: 0, payment_method: null });
      const deals = await platformOf(t).deals(demo.number, { from: new Date(0), to: new Date('2031-01-01'), page: 1, per_page: 10 });
      expect(deals.data).toEqual([expect.objectContaining({ ticket: entry.platform_ticket, kind: 'balance', profit: 25_000, comment: entry.reference })]);
    });

    it('books both legs of a transfer, and a live deposit only when staff approve it', async () => {
      const c = await walletClient(t);
      const [a, b] = [await c.open('USD'), await c.open('USD')];
      await c.deposit(a.id, '100');
      const transfer = (await c.transfer(a.id, b.id, '40')).json<TransferResult>();
      expect(transfer.from.platform_ticket).toEqual(expect.any(Number));
      expect(transfer.to.platform_ticket).toEqual(expect.any(Number));
      expect((await platformOf(t).state(a.number)).balance).toBe(6000);
      expect((await platformOf(t).state(b.number)).balance).toBe(4000);

      const live = await c.open('USD', 'live');
      const pending = (await c.deposit(live.id, '100')).json<LedgerEntry>();
      expect(pending).toMatchObject({ status: 'pending', platform_ticket: null });
      expect((await platformOf(t).state(live.number)).balance).toBe(0);
      const approved = await t.post(`/api/admin/wallet-requests/${pending.id}/approve`, {}, admin);
      expect(approved.json()).toMatchObject({ status: 'completed', platform_ticket: expect.any(Number) });
      expect((await platformOf(t).state(live.number)).balance).toBe(10_000);
    });

    it('refuses a withdrawal above the free margin, naming what may leave', async () => {
      const c = await trader(t, { deposit: '1000' });
      await c.buy('EURUSD', 0.5);
      const { state } = await c.details();
      const free = Math.min(state.balance, state.free_margin);
      expect(free).toBeLessThan(50_000);
      const res = await c.withdraw(c.account.id, '900');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ amount: [`The amount exceeds the available balance of $${(free / 100).toFixed(2)}.`] });
      expect((await c.listed()).available).toBe(free);
      expect((await c.withdraw(c.account.id, '100')).statusCode).toBe(201);
    });

    it('lets a client withdraw trading profit the ledger never saw', async () => {
      const c = await trader(t, { deposit: '1000' });
      const { position } = await c.buy('EURUSD', 0.5);
      await platformOf(t).setQuote('EURUSD', position.open_price + 0.005, position.open_price + 0.0051);
      await c.call('POST', `/positions/${position.ticket}/close`);
      const res = await c.withdraw(c.account.id, '1250');
      expect(res.statusCode, res.body).toBe(201);
      expect((await c.listed()).balance).toBe(0);
    });
  });

  describe('when the platform fails', () => {
    const ledger = (accountId: number) => t.db.selectFrom('ledger_entries').select(['status', 'platform_ticket', 'decided_at']).where('account_id', '=', accountId).execute();
    const balanceDeals = async (login: string) =>
      (await platformOf(t).deals(login, { from: new Date(0), to: new Date('2031-01-01'), page: 1, per_page: 50 })).data.filter((d) => d.kind === 'balance');

    it('answers 503 and keeps the entry in flight, never completed without a deal; the retry books it once', async () => {
      const c = await walletClient(t);
      const demo = await c.open('USD');
      const key = randomUUID();
      const spy = vi.spyOn(platformOf(t), 'balance').mockRejectedValueOnce(new PlatformError('unavailable'));
      try {
        const down = await c.deposit(demo.id, '75', key);
        expect(down.statusCode).toBe(503);
        expect(down.headers['retry-after']).toBe('5');
        expect(down.json()).toEqual({ message: 'The trading platform is not reachable right now. Try again in a moment.' });
      } finally {
        spy.mockRestore();
      }
      expect(await ledger(demo.id)).toEqual([{ status: 'pending', platform_ticket: null, decided_at: expect.any(String) }]);
      expect(await balanceDeals(demo.number)).toEqual([]);

      const retry = await c.deposit(demo.id, '75', key);
      expect(retry.statusCode).toBe(201);
      expect(retry.json<LedgerEntry>()).toMatchObject({ status: 'completed', platform_ticket: expect.any(Number) });
      expect(await ledger(demo.id)).toHaveLength(1);
      expect(await balanceDeals(demo.number)).toHaveLength(1);
      expect((await c.account(demo.id)).balance).toBe(7500);
    });

    it('answers the platform’s refusal as a 422 and leaves nothing behind', async () => {
      const c = await walletClient(t);
      const demo = await c.open('USD');
      await c.deposit(demo.id, '10');
      const spy = vi.spyOn(platformOf(t), 'balance').mockRejectedValueOnce(new PlatformError('no_money', { free_margin: 321 }));
      try {
        const refused = await c.withdraw(demo.id, '5');
        expect(refused.statusCode).toBe(422);
        expect(refused.json().errors).toEqual({ amount: ['The amount exceeds the available balance of $3.21.'] });
      } finally {
        spy.mockRestore();
      }
      expect(await ledger(demo.id)).toHaveLength(1);
      expect((await c.withdraw(demo.id, '5')).statusCode).toBe(201);
    });
  });

  describe('verification', () => {
    it('refuses a live withdrawal until the identity verification is approved, with a way to it', async () => {
      const c = await walletClient(t, { verified: false });
      const live = await c.open('USD', 'live');
      const dep = (await c.deposit(live.id, '100')).json<LedgerEntry>();
      await t.post(`/api/admin/wallet-requests/${dep.id}/approve`, {}, admin);
      const refused = await c.withdraw(live.id, '10');
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        message: expect.stringMatching(/^Verify your identity first/),
        errors: { verification: [expect.stringMatching(/^Verify your identity first/)] },
        verification_required: true,
      });
      const ru = await c.post('/api/wallet/withdrawal', { account_id: live.id, amount: '10', payment_method_id: await c.methodFor(live.id, 'withdrawal') }, undefined, 'ru');
      expect(ru.json().errors.verification[0]).toMatch(/^Сначала пройдите верификацию личности/);
      await approveVerification(t, c.email);
      expect((await c.withdraw(live.id, '10')).statusCode).toBe(201);
    });

    it('lets live deposits through up to the threshold in dollars, then asks for verification', async () => {
      const c = await walletClient(t, { verified: false });
      const usd = await c.open('USD', 'live');
      const eur = await c.open('EUR', 'live');
      expect((await c.deposit(usd.id, '1500')).statusCode).toBe(201);
      // 1,500 USD pending plus 600 EUR (about 650 USD) is past 2,000 USD.
      const over = await c.deposit(eur.id, '600');
      expect(over.statusCode).toBe(422);
      expect(over.json().verification_required).toBe(true);
      expect((await c.deposit(eur.id, '400')).statusCode).toBe(201);
      // Demo money needs no verification.
      const demo = await c.open('USD');
      expect((await c.deposit(demo.id, '100000')).statusCode).toBe(201);
    });
  });

  describe('payment methods', () => {
    it('lists the enabled methods of a currency for a direction', async () => {
      const c = await walletClient(t);
      const eur = await methods(c.headers, 'currency=EUR&direction=deposit');
      expect(eur.map((m) => [m.kind, m.name])).toEqual([
        ['bank_transfer', 'SEPA transfer'],
        ['card', 'Visa / Mastercard'],
      ]);
      expect(eur[1]).toMatchObject({ currency: 'EUR', precision: 2, fee_bps: 250, fee_fixed: 0, min_amount: 1000, max_amount: 1_000_000, eta_hours: 0, enabled: true });
      expect((await methods(c.headers, 'currency=JPY&direction=withdrawal')).map((m) => m.name)).toEqual(['Zengin bank transfer']);
      expect((await t.request({ method: 'GET', url: '/api/payment-methods?currency=EUR' })).statusCode).toBe(401);
    });

    it('checks a live amount against the method’s limits and answers its fee', async () => {
      const c = await walletClient(t);
      const live = await c.open('EUR', 'live');
      const card = (await methods(c.headers, 'currency=EUR&direction=deposit')).find((m) => m.kind === 'card')!;
      const body = (amount: string) => ({ account_id: live.id, amount, payment_method_id: card.id });
      const missing = await c.post('/api/wallet/deposit', { account_id: live.id, amount: '100' });
      expect(missing.json().errors).toEqual({ payment_method_id: ['The payment method field is required.'] });
      const low = await c.post('/api/wallet/deposit', body('9.99'));
      expect(low.json().errors).toEqual({ amount: ['The amount must be at least €10.00 for this payment method.'] });
      const high = await c.post('/api/wallet/deposit', body('10000.01'));
      expect(high.json().errors).toEqual({ amount: ['The amount field must not be greater than €10,000.00.'] });
      const ok = await c.post('/api/wallet/deposit', body('100.01'));
      expect(ok.statusCode).toBe(201);
      // 2.5 % of 100.01, rounded up: 2.51.
      expect(ok.json<LedgerEntry>()).toMatchObject({ amount: 10_001, fee: 251, payment_method: 'Visa / Mastercard', status: 'pending' });
      const otherCurrency = (await methods(c.headers, 'currency=USD&direction=deposit'))[0]!;
      const wrong = await c.post('/api/wallet/deposit', { account_id: live.id, amount: '100', payment_method_id: otherCurrency.id });
      expect(wrong.json().errors).toEqual({ payment_method_id: ['The selected payment method is invalid.'] });
    });

    it('lets staff add, change and disable methods; clients may not', async () => {
      const c = await walletClient(t);
      const created = await t.post(
        '/api/admin/payment-methods',
        { kind: 'crypto', name: 'USDC (ERC-20)', currency: 'eur', directions: ['withdrawal', 'deposit'], fee_bps: 50, fee_fixed: 0, min_amount: 5000, max_amount: null, eta_hours: 1 },
        admin,
      );
      expect(created.statusCode).toBe(201);
      const method = created.json<PaymentMethod>();
      expect(method).toMatchObject({ currency: 'EUR', directions: ['deposit', 'withdrawal'], enabled: true });
      expect((await methods(c.headers, 'currency=EUR&direction=withdrawal')).map((m) => m.id)).toContain(method.id);

      const patched = await t.request({ method: 'PATCH', url: `/api/admin/payment-methods/${method.id}`, payload: { enabled: false, fee_bps: 75 }, headers: admin });
      expect(patched.json<PaymentMethod>()).toMatchObject({ enabled: false, fee_bps: 75, name: 'USDC (ERC-20)' });
      expect((await methods(c.headers, 'currency=EUR')).map((m) => m.id)).not.toContain(method.id);
      const all = (await t.request({ method: 'GET', url: '/api/admin/payment-methods', headers: admin })).json<PaymentMethod[]>();
      expect(all.find((m) => m.id === method.id)?.enabled).toBe(false);

      const bad = await t.request({ method: 'PATCH', url: `/api/admin/payment-methods/${method.id}`, payload: { min_amount: 10, max_amount: 5 }, headers: admin });
      expect(bad.statusCode).toBe(422);
      expect((await t.request({ method: 'PATCH', url: '/api/admin/payment-methods/999999', payload: { enabled: true }, headers: admin })).statusCode).toBe(404);
      expect((await t.post('/api/admin/payment-methods', {}, c.headers)).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: '/api/admin/payment-methods', headers: c.headers })).statusCode).toBe(403);
    });
  });

  describe('reconciliation', () => {
    it('finds a deal booked on the platform without a ledger entry, for staff only', async () => {
      const c = await walletClient(t);
      const demo = await c.open('USD');
      await c.deposit(demo.id, '100');
      const before = (await t.request({ method: 'GET', url: '/api/admin/reconciliation', headers: admin })).json<Reconciliation>();
      expect(before.drifted.map((r) => r.login)).not.toContain(demo.number);
      expect(before.accounts).toBeGreaterThan(3);

      await platformOf(t).balance({ login: demo.number, kind: 'deposit', amount: 777, reference: 'INJECTED-1' });
      const after = await t.request({ method: 'GET', url: '/api/admin/reconciliation', headers: admin });
      expect(after.statusCode).toBe(200);
      expect(after.json<Reconciliation>().drifted.find((r) => r.login === demo.number)).toEqual({
        account_id: demo.id,
        login: demo.number,
        client: { id: expect.any(Number), name: 'Ada Wallet', email: c.email },
        currency: 'USD',
        precision: 2,
        ledger_balance: 10_000,
        platform_balance: 10_777,
        drift: 777,
        missing_tickets: 0,
      });
      expect((await t.request({ method: 'GET', url: '/api/admin/reconciliation', headers: c.headers })).statusCode).toBe(403);
    });

    it('counts the negative balance protection after a stop-out as trading, not as drift', async () => {
      const c = await trader(t, { deposit: '1500' });
      const platform = platformOf(t);
      await platform.setQuote('EURUSD', 1.1, 1.1001);
      await c.buy('EURUSD', 1);
      // A 300-pip gap: $3,000 lost on $1,500, the balance corrected from −$1,500 to zero.
      await platform.setQuote('EURUSD', 1.0701, 1.0702);
      expect((await c.details()).state).toMatchObject({ balance: 0, equity: 0 });
      const result = (await t.request({ method: 'GET', url: '/api/admin/reconciliation', headers: admin })).json<Reconciliation>();
      expect(result.drifted.map((r) => r.login)).not.toContain(c.login);
      const statement = (await c.call('GET', '/statement')).json<Statement>();
      expect(statement).toMatchObject({ deposits: 150_000, withdrawals: 0, profit: -150_000, closing_balance: 0 });
    });

    it('keeps the demo seed in step with the platform, trading profit aside', async () => {
      const seeded = await t.db.selectFrom('trading_accounts').select('number').orderBy('id').limit(3).execute();
      const result = (await t.request({ method: 'GET', url: '/api/admin/reconciliation', headers: admin })).json<Reconciliation>();
      for (const { number } of seeded) expect(result.drifted.map((r) => r.login)).not.toContain(number);
    });

    it('books an entry left in flight (a crash between the entry and the deal) exactly once', async () => {
      const c = await walletClient(t);
      const demo = await c.open('GBP');
      const user = await t.db.selectFrom('users').select('id').where('email', '=', c.email).executeTakeFirstOrThrow();
      const stamp = new Date(t.clock.current.getTime() - 120_000).toISOString();
      await t.db
        .insertInto('ledger_entries')
        .values({ user_id: user.id, account_id: demo.id, kind: 'deposit', amount: 4200, currency_id: demo.currency.id, status: 'pending', reference: 'DEP-INFLIGHT01', counterparty_account_id: null, created_at: stamp, decided_at: stamp, decided_by: null, state: 'approved' })
        .execute();
      expect(await t.app.services.wallet.settleInFlight(60_000)).toBe(1);
      expect(await t.app.services.wallet.settleInFlight(60_000)).toBe(0);
      const history = (await t.request({ method: 'GET', url: `/api/history?account_id=${demo.id}`, headers: c.headers })).json<Paged<LedgerEntry>>();
      expect(history.data).toEqual([expect.objectContaining({ reference: 'DEP-INFLIGHT01', status: 'completed', platform_ticket: expect.any(Number) })]);
      const deals = await platformOf(t).deals(demo.number, { from: new Date(0), to: new Date('2031-01-01'), page: 1, per_page: 10 });
      expect(deals.data.map((d: Deal) => d.comment)).toEqual(['DEP-INFLIGHT01']);
    });
  });
});
