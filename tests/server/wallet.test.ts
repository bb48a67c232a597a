import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry, TransferResult } from '../../contract/trading.ts';
import { ADMIN_EMAIL, bearer, DIALECTS, startTestApp, type TestApp } from './support.ts';
import { ledgerSum, walletClient } from './wallet-support.ts';

describe.each(DIALECTS)('wallet on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = bearer(await t.login(ADMIN_EMAIL));
  });
  afterAll(() => t.close());

  const entries = (accountId: number) => t.db.selectFrom('ledger_entries').selectAll().where('account_id', '=', accountId).execute();

  describe('deposits and withdrawals', () => {
    it('tops up a demo account at once with a completed entry', async () => {
      const c = await walletClient(t);
      const demo = await c.open('USD', 'demo');
      const res = await c.deposit(demo.id, '1250.50');
      expect(res.statusCode).toBe(201);
      expect(res.json<LedgerEntry>()).toMatchObject({
        account_id: demo.id,
        account_number: demo.number,
        kind: 'deposit',
        amount: 125_050,
        currency: 'USD',
        precision: 2,
        status: 'completed',
        created_at: '2030-01-15T09:00:00.000Z',
        decided_at: '2030-01-15T09:00:00.000Z',
      });
      expect(res.json<LedgerEntry>().reference).toMatch(/^DEP-[A-Z2-9]{10}$/);
      expect(await c.account(demo.id)).toMatchObject({ balance: 125_050, equity: 125_050, available: 125_050 });
    });

    it('keeps a live deposit pending: the balance moves only when staff approve', async () => {
      const c = await walletClient(t);
      const live = await c.open('EUR', 'live');
      const res = await c.deposit(live.id, 300);
      expect(res.json()).toMatchObject({ status: 'pending', amount: 30_000, decided_at: null });
      expect((await c.account(live.id)).balance).toBe(0);

      const approved = await t.post(`/api/admin/wallet-requests/${res.json().id}/approve`, {}, admin);
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'completed', client: { email: expect.stringMatching(/^wallet-/) }, account_type: 'live' });
      expect((await c.account(live.id)).balance).toBe(30_000);
    });

    it('holds a pending live withdrawal from the available funds; rejecting it releases them', async () => {
      const c = await walletClient(t);
      const live = await c.open('USD', 'live');
      const dep = await c.deposit(live.id, '100');
      await t.post(`/api/admin/wallet-requests/${dep.json().id}/approve`, {}, admin);
      const wd = await c.withdraw(live.id, '60');
      expect(wd.json()).toMatchObject({ kind: 'withdrawal', amount: -6000, status: 'pending' });
      expect(await c.account(live.id)).toMatchObject({ balance: 10_000, available: 4000 });
      const over = await c.withdraw(live.id, '40.01');
      expect(over.statusCode).toBe(422);
      expect(over.json().errors).toEqual({ amount: ['The amount exceeds the available balance of $40.00.'] });

      const rejected = await t.post(`/api/admin/wallet-requests/${wd.json().id}/reject`, { reason: 'The card is not in your name.' }, admin);
      expect(rejected.json()).toMatchObject({ status: 'rejected', state: 'rejected', reason: 'The card is not in your name.' });
      expect(await c.account(live.id)).toMatchObject({ balance: 10_000, available: 10_000 });
      const again = await t.post(`/api/admin/wallet-requests/${wd.json().id}/approve`, {}, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'This is no longer possible: the record has changed in the meantime. Reload it to see where it stands.' });
      expect(await c.account(live.id)).toMatchObject({ balance: 10_000 });
    });

    it('completes a demo withdrawal at once and never below zero', async () => {
      const c = await walletClient(t);
      const demo = await c.open('GBP');
      await c.deposit(demo.id, '10');
      expect((await c.withdraw(demo.id, '10')).json()).toMatchObject({ status: 'completed', amount: -1000 });
      const res = await c.withdraw(demo.id, '0.01', undefined);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.amount).toEqual(['The amount exceeds the available balance of £0.00.']);
      expect(await c.account(demo.id)).toMatchObject({ balance: 0 });
    });

    it.each([
      ['-5', 'The amount field must be greater than 0.'],
      [-5, 'The amount field must be greater than 0.'],
      ['0', 'The amount field must be greater than 0.'],
      ['1.001', 'The amount field must have at most 2 decimal places.'],
      ['ten', 'The amount field must be a number.'],
      ['1e3', 'The amount field must be a number.'],
      [true, 'The amount field is invalid.'],
      ['10000000.01', 'The amount field must not be greater than $10,000,000.00.'],
    ])('refuses amount %j with the field error and writes nothing', async (amount, message) => {
      const c = await walletClient(t);
      const demo = await c.open('USD');
      const res = await c.deposit(demo.id, amount);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ amount: [message] });
      expect(await entries(demo.id)).toEqual([]);
    });

    it('refuses decimals for a currency without minor units', async () => {
      const c = await walletClient(t);
      const yen = await c.open('JPY');
      const res = await c.deposit(yen.id, '100.5');
      expect(res.json().errors.amount).toEqual(['The amount field must be a whole number.']);
      expect((await c.deposit(yen.id, '100')).json()).toMatchObject({ amount: 100, precision: 0 });
    });

    it('answers in the caller\'s language', async () => {
      const c = await walletClient(t);
      const demo = await c.open('USD');
      const ru = await c.post('/api/wallet/deposit', { account_id: demo.id, amount: '-1' }, undefined, 'ru');
      expect(ru.json().errors.amount).toEqual(['Поле «сумма» должно быть больше 0.']);
      const ua = await c.post('/api/wallet/withdrawal', { account_id: demo.id, amount: '5' }, undefined, 'ua');
      expect(ua.json().errors.amount[0]).toMatch(/^Сума перевищує доступний залишок 0,00\s(USD|\$)\.$/);
    });

    it('refuses an unknown account, another client\'s account and a missing one alike', async () => {
      const c = await walletClient(t);
      const other = await walletClient(t);
      const theirs = await other.open('USD');
      for (const account_id of [999_999, theirs.id, 'abc']) {
        const res = await c.post('/api/wallet/deposit', { account_id, amount: '5' });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ account_id: ['The selected account is invalid.'] });
      }
      const missing = await c.post('/api/wallet/deposit', { amount: '5' });
      expect(missing.json().errors).toEqual({ account_id: ['The account field is required.'] });
      expect(await entries(theirs.id)).toEqual([]);
    });

    it('needs an Idempotency-Key', async () => {
      const c = await walletClient(t);
      const demo = await c.open('USD');
      const res = await t.post('/api/wallet/deposit', { account_id: demo.id, amount: '5' }, c.headers);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ idempotency_key: ['The idempotency key field is required.'] });
      const bad = await c.post('/api/wallet/deposit', { account_id: demo.id, amount: '5' }, 'not a key!');
      expect(bad.json().errors).toEqual({ idempotency_key: ['The idempotency key field is invalid.'] });
    });

    it('answers 401 without a token', async () => {
      for (const url of ['/api/wallet/deposit', '/api/wallet/withdrawal', '/api/wallet/transfer']) {
        expect((await t.post(url, {}, { 'idempotency-key': 'k' })).statusCode).toBe(401);
      }
    });
  });

  describe('idempotency', () => {
    it('moves money once for a retried request and answers it with the first answer', async () => {
      const c = await walletClient(t);
      const demo = await c.open('USD');
      const first = await c.deposit(demo.id, '75', 'retry-1');
      const second = await c.deposit(demo.id, '75', 'retry-1');
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect(await entries(demo.id)).toHaveLength(1);
      expect((await c.account(demo.id)).balance).toBe(7500);
    });

    it('moves money once for a double click: the same key sent twice at the same moment', async () => {
      const c = await walletClient(t);
      const demo = await c.open('USD');
      const answers = await Promise.all(Array.from({ length: 5 }, () => c.deposit(demo.id, '20', 'double-click')));
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
      expect(await entries(demo.id)).toHaveLength(1);
      expect((await c.account(demo.id)).balance).toBe(2000);
    });

    it('refuses the key again for a different request', async () => {
      const c = await walletClient(t);
      const demo = await c.open('USD');
      await c.deposit(demo.id, '20', 'reused');
      const res = await c.deposit(demo.id, '30', 'reused');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ idempotency_key: ['This idempotency key was already used for a different request.'] });
      expect((await c.account(demo.id)).balance).toBe(2000);
    });

    it('leaves the key free after a refused request, so the corrected request goes through', async () => {
      const c = await walletClient(t);
      const demo = await c.open('USD');
      expect((await c.deposit(demo.id, '-1', 'fix-me')).statusCode).toBe(422);
      const fixed = await c.deposit(demo.id, '1', 'fix-me');
      expect(fixed.statusCode).toBe(201);
    });

    it('keeps keys per client', async () => {
      const a = await walletClient(t);
      const b = await walletClient(t);
      const da = await a.open('USD');
      const db = await b.open('USD');
      expect((await a.deposit(da.id, '1', 'shared-key')).statusCode).toBe(201);
      expect((await b.deposit(db.id, '1', 'shared-key')).statusCode).toBe(201);
      expect((await b.account(db.id)).balance).toBe(100);
    });

    it('transfers once for a retried transfer', async () => {
      const c = await walletClient(t);
      const a = await c.open('USD');
      const b = await c.open('USD');
      await c.deposit(a.id, '100');
      await c.transfer(a.id, b.id, '40', 'move-40');
      const again = await c.transfer(a.id, b.id, '40', 'move-40');
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await c.account(a.id)).toMatchObject({ balance: 6000 });
      expect(await c.account(b.id)).toMatchObject({ balance: 4000 });
    });
  });

  describe('transfers', () => {
    it('moves funds between the client\'s own accounts in one currency: two entries, one reference', async () => {
      const c = await walletClient(t);
      const a = await c.open('EUR');
      const b = await c.open('EUR');
      await c.deposit(a.id, '500');
      const res = await c.transfer(a.id, b.id, '123.45');
      expect(res.statusCode).toBe(201);
      const body = res.json<TransferResult>();
      expect(body.reference).toMatch(/^TRF-/);
      expect(body.from).toMatchObject({ kind: 'transfer_out', amount: -12_345, status: 'completed', reference: body.reference, counterparty_account_number: b.number });
      expect(body.to).toMatchObject({ kind: 'transfer_in', amount: 12_345, status: 'completed', reference: body.reference, counterparty_account_number: a.number });
      expect(await c.account(a.id)).toMatchObject({ balance: 37_655 });
      expect(await c.account(b.id)).toMatchObject({ balance: 12_345 });
    });

    it.each([
      ['above the balance', 'over', { amount: ['The amount exceeds the available balance of €10.00.'] }],
      ['across currencies', 'gbp', { to_account_id: ['Transfers are possible only between accounts in the same currency.'] }],
      ['from demo to live', 'live', { to_account_id: ['Funds cannot move between demo and live accounts.'] }],
      ['to the same account', 'same', { to_account_id: ['Choose two different accounts.'] }],
      ['to another client\'s account', 'stranger', { to_account_id: ['The selected to account is invalid.'] }],
      ['to an unknown account', 'unknown', { to_account_id: ['The selected to account is invalid.'] }],
    ])('refuses a transfer %s and writes nothing', async (_label, target, errors) => {
      const c = await walletClient(t);
      const from = await c.open('EUR');
      await c.deposit(from.id, '10');
      const to = {
        over: async () => (await c.open('EUR')).id,
        gbp: async () => (await c.open('GBP')).id,
        live: async () => (await c.open('EUR', 'live')).id,
        same: async () => from.id,
        stranger: async () => (await (await walletClient(t)).open('EUR')).id,
        unknown: async () => 987_654,
      }[target]!;
      const toId = await to();
      const res = await c.transfer(from.id, toId, target === 'over' ? '10.01' : '5');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(errors);
      expect(await entries(from.id)).toHaveLength(1);
      expect(await c.account(from.id)).toMatchObject({ balance: 1000 });
      if (toId !== from.id) expect(await entries(toId)).toEqual([]);
    });

    it('refuses a transfer from another client\'s account', async () => {
      const c = await walletClient(t);
      const victim = await walletClient(t);
      const theirs = await victim.open('USD');
      await victim.deposit(theirs.id, '100');
      const mine = await c.open('USD');
      const res = await c.transfer(theirs.id, mine.id, '50');
      expect(res.json().errors).toEqual({ from_account_id: ['The selected from account is invalid.'] });
      expect(await victim.account(theirs.id)).toMatchObject({ balance: 10_000 });
    });

    it('stays exact under parallel transfers: the ledger adds up and no balance goes negative', async () => {
      const c = await walletClient(t);
      const accounts = [await c.open('USD'), await c.open('USD'), await c.open('USD')];
      for (const a of accounts) await c.deposit(a.id, '100');
      // 30 transfers of $15 in every direction at once: many must fail for lack of funds.
      const moves = Array.from({ length: 30 }, (_, i) => [accounts[i % 3]!, accounts[(i + 1 + (i % 2)) % 3]!] as const);
      const answers = await Promise.all(moves.map(([from, to]) => c.transfer(from.id, to.id, '15')));
      for (const res of answers) expect([201, 422]).toContain(res.statusCode);
      let total = 0;
      for (const a of accounts) {
        const account = await c.account(a.id);
        expect(account.balance).toBeGreaterThanOrEqual(0);
        expect(account.balance).toBe(await ledgerSum(t, a.id));
        total += account.balance;
      }
      expect(total).toBe(30_000);
      const done = answers.filter((r) => r.statusCode === 201).length;
      const rows = await t.db.selectFrom('ledger_entries').select('kind').where('account_id', 'in', accounts.map((a) => a.id)).execute();
      expect(rows.filter((r) => r.kind === 'transfer_out')).toHaveLength(done);
      expect(rows.filter((r) => r.kind === 'transfer_in')).toHaveLength(done);
    });

    it('drains an account exactly once when parallel transfers each want all of it', async () => {
      const c = await walletClient(t);
      const from = await c.open('USD');
      const to = await c.open('USD');
      await c.deposit(from.id, '50');
      const answers = await Promise.all(Array.from({ length: 8 }, () => c.transfer(from.id, to.id, '50')));
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(await c.account(from.id)).toMatchObject({ balance: 0 });
      expect(await c.account(to.id)).toMatchObject({ balance: 5000 });
    });
  });

  describe('staff requests', () => {
    it('lists pending live requests, oldest first, for admins only', async () => {
      const c = await walletClient(t);
      const live = await c.open('USD', 'live');
      const dep = (await c.deposit(live.id, '10')).json<LedgerEntry>();
      const res = await t.request({ method: 'GET', url: '/api/admin/wallet-requests?per_page=100', headers: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((r: LedgerEntry) => r.id)).toContain(dep.id);
      expect(res.json().data.every((r: LedgerEntry) => r.status === 'pending')).toBe(true);

      const forbidden = await t.request({ method: 'GET', url: '/api/admin/wallet-requests', headers: c.headers });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ message: 'This action is unauthorized.' });
      const approve = await t.post(`/api/admin/wallet-requests/${dep.id}/approve`, {}, c.headers);
      expect(approve.statusCode).toBe(403);
      expect((await c.account(live.id)).balance).toBe(0);
    });

    it('answers 404 for a request that does not exist or is not a deposit or withdrawal', async () => {
      expect((await t.post('/api/admin/wallet-requests/999999/approve', {}, admin)).statusCode).toBe(404);
      const c = await walletClient(t);
      const a = await c.open('USD');
      const b = await c.open('USD');
      await c.deposit(a.id, '5');
      const transfer = (await c.transfer(a.id, b.id, '1')).json<TransferResult>();
      expect((await t.post(`/api/admin/wallet-requests/${transfer.from.id}/reject`, { reason: 'No.' }, admin)).statusCode).toBe(404);
    });

    it('decides a request once when two staff click at the same moment', async () => {
      const c = await walletClient(t);
      const live = await c.open('USD', 'live');
      const dep = (await c.deposit(live.id, '10')).json<LedgerEntry>();
      const answers = await Promise.all([1, 2, 3].map(() => t.post(`/api/admin/wallet-requests/${dep.id}/approve`, {}, admin)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect((await c.account(live.id)).balance).toBe(1000);
    });
  });
});
