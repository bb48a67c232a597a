import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminIpoOffering, IpoAllocationPreview, IpoApplication, IpoOfferingView } from '../../contract/ipo.ts';
import type { LedgerEntry } from '../../contract/trading.ts';
import { ipoClient, offeringBody, openOffering, RIGHT_ANSWERS } from './ipo-support.ts';
import { platformOf } from './platform-support.ts';
import { ADMIN_EMAIL, bearer, DIALECTS, startTestApp, type TestApp } from './support.ts';
import { walletClient } from './wallet-support.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(DIALECTS)('IPO on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = bearer(await t.login(ADMIN_EMAIL));
  });
  afterAll(() => t.close());

  const step = (id: number, event: string, reason?: string) => t.post(`/api/admin/ipo/offerings/${id}/steps`, { event, ...(reason ? { reason } : {}) }, admin);
  const price = (id: number, value: string, hours?: number) => t.post(`/api/admin/ipo/offerings/${id}/price`, { price: value, ...(hours ? { hours } : {}) }, admin);
  const allocate = (id: number, perClientMax: number | null = null) => t.post(`/api/admin/ipo/offerings/${id}/allocate`, { per_client_max: perClientMax }, admin);
  const available = async (c: Awaited<ReturnType<typeof ipoClient>>) => (await c.account(c.usd.id)).available;

  describe('appropriateness', () => {
    it('asks for the test before the first application, shows why it failed and when it can be retaken', async () => {
      const offering = await openOffering(t, admin);
      const c = await walletClient(t);
      const account = await c.open('USD');
      await c.deposit(account.id, '500');
      const early = await t.post(`/api/ipo/offerings/${offering.id}/applications`, { account_id: account.id, amount: '200' }, c.headers);
      expect(early.statusCode, early.body).toBe(409);
      expect(early.json().message).toBe('Take the appropriateness test before your first application.');

      const failed = await t.post('/api/ipo/appropriateness', { answers: { ...RIGHT_ANSWERS, risk: 'guaranteed', price: 'fixed' } }, c.headers);
      expect(failed.json()).toEqual({ passed: false, taken_at: '2030-01-15T09:00:00.000Z', retake_at: '2030-01-16T09:00:00.000Z', wrong: ['price', 'risk'] });
      const again = await t.post('/api/ipo/appropriateness', { answers: RIGHT_ANSWERS }, { ...c.headers, 'accept-language': 'ru' });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().message).toMatch(/^Пройти тест снова можно с 16 янв\. 2030/);

      t.clock.advance(DAY);
      const passed = await t.post('/api/ipo/appropriateness', { answers: RIGHT_ANSWERS }, c.headers);
      expect(passed.json()).toMatchObject({ passed: true, retake_at: null, wrong: [] });
      t.clock.advance(-DAY);
    });
  });

  describe('holds', () => {
    it('holds the amount on the account: not spent, not available, and withdrawals respect it', async () => {
      const offering = await openOffering(t, admin);
      const c = await ipoClient(t, '1000');
      const res = await c.apply(offering.id, '600');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<IpoApplication>()).toMatchObject({ amount: 60_000, held: 60_000, status: 'active', account_number: c.usd.number });
      expect(await c.account(c.usd.id)).toMatchObject({ balance: 100_000, available: 40_000 });
      expect((await platformOf(t).state(c.usd.number)).balance).toBe(100_000);

      const over = await c.withdraw(c.usd.id, '400.01');
      expect(over.statusCode).toBe(422);
      expect(over.json().errors.amount).toEqual(['The amount exceeds the available balance of $400.00.']);
      // A live withdrawal waits for staff: held too, still on the balance.
      expect((await c.withdraw(c.usd.id, '400')).statusCode).toBe(201);
      expect(await c.account(c.usd.id)).toMatchObject({ balance: 100_000, available: 0 });
      const second = await openOffering(t, admin);
      const refused = await c.apply(second.id, '100');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.amount).toEqual(['The amount exceeds the available balance of $0.00.']);
    });

    it('checks the limits and the account: the offering’s currency, the client’s own, within the minimum and maximum', async () => {
      const offering = await openOffering(t, admin);
      const c = await ipoClient(t, '20000');
      expect((await c.apply(offering.id, '99.99')).json().errors.amount).toEqual(['The amount must be at least $100.00 for this offering.']);
      expect((await c.apply(offering.id, '10000.01')).json().errors.amount).toEqual(['The amount field must not be greater than $10,000.00.']);
      const eur = await c.open('EUR', 'live');
      expect((await c.apply(offering.id, '200', eur.id)).json().errors.account_id).toEqual(['Choose an account in the offering’s currency.']);
      const other = await ipoClient(t, '500');
      expect((await c.apply(offering.id, '200', other.usd.id)).json().errors.account_id).toEqual(['The selected account is invalid.']);
      expect((await c.apply(offering.id, '200')).statusCode).toBe(201);
      const twice = await c.apply(offering.id, '200');
      expect(twice.statusCode).toBe(409);
    });

    it('never lets an account go below zero with 100 concurrent applications and withdrawals', async () => {
      const offerings = await Promise.all(Array.from({ length: 10 }, () => openOffering(t, admin)));
      const c = await ipoClient(t, '1000');
      await c.stepUp();
      const method = await c.methodFor(c.usd.id, 'withdrawal');
      const withdraw = () => c.post('/api/wallet/withdrawal', { account_id: c.usd.id, amount: '50', ...(method ? { payment_method_id: method } : {}) });
      // 50 applications of $150 (5 per offering) and 50 withdrawals of $50, at once: $10,000 asked of $1,000.
      const requests = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? c.apply(offerings[(i / 2) % 10]!.id, '150') : withdraw()));
      const answers = await Promise.all(requests);
      for (const res of answers) expect([201, 409, 422]).toContain(res.statusCode);
      const applied = answers.filter((r, i) => i % 2 === 0 && r.statusCode === 201).length;
      const withdrawn = answers.filter((r, i) => i % 2 === 1 && r.statusCode === 201).length;
      expect(applied).toBeGreaterThan(0);
      expect(withdrawn).toBeGreaterThan(0);
      const holds = await t.db.selectFrom('ipo_applications').select('held').where('account_id', '=', c.usd.id).execute();
      const held = holds.reduce((sum, r) => sum + Number(r.held), 0);
      expect(held).toBe(applied * 15_000);
      // The withdrawals wait for staff, held on the account; the platform reserves the applications' holds.
      const state = await platformOf(t).state(c.usd.number);
      expect(state.balance).toBe(100_000);
      expect(state.reserved).toBe(held);
      expect(state.balance - held - withdrawn * 5_000).toBeGreaterThanOrEqual(0);
      expect((await c.account(c.usd.id)).available).toBe(state.balance - held - withdrawn * 5_000);
    });
  });

  describe('the window', () => {
    it('changes and cancels an application while the window is open, and not after', async () => {
      const offering = await openOffering(t, admin);
      const c = await ipoClient(t, '1000');
      const app = (await c.apply(offering.id, '300')).json<IpoApplication>();
      const changed = await c.change(app.id, '900');
      expect(changed.json()).toMatchObject({ amount: 90_000, held: 90_000 });
      expect(await available(c)).toBe(10_000);
      expect((await c.change(app.id, '1000.01')).json().errors.amount).toEqual(['The amount exceeds the available balance of $1,000.00.']);
      const cancelled = await c.cancel(app.id);
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', held: 0 });
      expect(await available(c)).toBe(100_000);

      const again = (await c.apply(offering.id, '250')).json<IpoApplication>();
      t.clock.advance(7 * DAY);
      try {
        const late = await c.change(again.id, '300');
        expect(late.statusCode).toBe(409);
        expect(late.json().message).toBe('The subscription window is closed: applications can no longer be made, changed or cancelled.');
        expect((await c.cancel(again.id)).statusCode).toBe(409);
        expect((await c.apply(offering.id, '100')).statusCode).toBe(409);
        expect(await available(c)).toBe(75_000);
      } finally {
        t.clock.advance(-7 * DAY);
      }
    });

    it('answers 404 for another client’s application and for an offering still in draft', async () => {
      const offering = await openOffering(t, admin);
      const owner = await ipoClient(t);
      const app = (await owner.apply(offering.id, '200')).json<IpoApplication>();
      const stranger = await ipoClient(t);
      expect((await stranger.cancel(app.id)).statusCode).toBe(404);
      expect((await stranger.change(app.id, '100')).statusCode).toBe(404);
      expect((await stranger.reconfirm(app.id)).statusCode).toBe(404);
      expect((await stranger.application(offering.id))).toBeNull();
      expect((await owner.application(offering.id))).toMatchObject({ id: app.id, held: 20_000 });

      const draft = (await t.post('/api/admin/ipo/offerings', await offeringBody(t, admin), admin)).json<AdminIpoOffering>();
      expect((await t.request({ method: 'GET', url: `/api/ipo/offerings/${draft.id}`, headers: owner.headers })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: '/api/admin/ipo/offerings', headers: owner.headers })).statusCode).toBe(403);
    });
  });

  describe('pricing and allocation', () => {
    it('asks for reconfirmation past 20% outside the range: reconfirmed ones stay, the others lapse and are released', async () => {
      const offering = await openOffering(t, admin);
      const keen = await ipoClient(t);
      const silent = await ipoClient(t);
      const a = (await keen.apply(offering.id, '500')).json<IpoApplication>();
      const b = (await silent.apply(offering.id, '400')).json<IpoApplication>();
      expect((await step(offering.id, 'offering.close')).statusCode).toBe(200);
      // 26.41 is more than 20% above 22.00.
      const priced = await price(offering.id, '26.41', 12);
      expect(priced.json()).toMatchObject({ state: 'priced', final_price: 2641, reconfirm_until: '2030-01-15T21:00:00.000Z' });
      expect(await keen.application(offering.id)).toMatchObject({ status: 'reconfirm', held: 50_000 });
      expect((await allocate(offering.id)).statusCode).toBe(409);
      expect((await keen.reconfirm(a.id)).json()).toMatchObject({ status: 'active', held: 50_000 });

      t.clock.advance(12 * HOUR);
      try {
        expect((await silent.reconfirm(b.id)).statusCode).toBe(409);
        expect(await silent.application(offering.id)).toMatchObject({ status: 'lapsed', held: 0 });
        expect(await available(silent)).toBe(100_000);
        // Staff's session of twelve hours ago has expired: a fresh one.
        const staff = bearer(await t.login(ADMIN_EMAIL));
        const done = await t.post(`/api/admin/ipo/offerings/${offering.id}/allocate`, {}, staff);
        expect(done.statusCode, done.body).toBe(200);
        // 500 / 26.41 = 18 shares, all of them: 100 offered.
        expect(await keen.application(offering.id)).toMatchObject({ status: 'allocated', requested_shares: 18, allocated_shares: 18, allocated_amount: 47_538, held: 0 });
      } finally {
        t.clock.advance(-12 * HOUR);
      }
    });

    it('needs no reconfirmation within 20% of the range', async () => {
      const offering = await openOffering(t, admin);
      const c = await ipoClient(t);
      await c.apply(offering.id, '500');
      await step(offering.id, 'offering.close');
      expect((await price(offering.id, '26.40')).json()).toMatchObject({ reconfirm_until: null });
      expect(await c.application(offering.id)).toMatchObject({ status: 'active' });
    });

    it('allocates pro-rata adding up exactly to the shares offered, takes it from the holds and releases the rest at once', async () => {
      const offering = await openOffering(t, admin, { shares_offered: 100 });
      const clients = [await ipoClient(t, '5000'), await ipoClient(t, '5000'), await ipoClient(t, '5000')];
      const amounts = ['2000', '2000', '2000'];
      for (const [i, c] of clients.entries()) expect((await c.apply(offering.id, amounts[i])).statusCode).toBe(201);
      await step(offering.id, 'offering.close');
      await price(offering.id, '20.00');

      const preview = (await t.post(`/api/admin/ipo/offerings/${offering.id}/allocation/preview`, { per_client_max: null }, admin)).json<IpoAllocationPreview>();
      // 100 shares asked by each, 300 in all, 100 offered: 33.33 each, the last share to the earliest.
      expect(preview).toMatchObject({ rule: 'pro_rata', price: 2000, requested_shares: 300, allocated_shares: 100 });
      expect(preview.lines.map((l) => l.allocated_shares)).toEqual([34, 33, 33]);
      expect(await clients[0]!.application(offering.id)).toMatchObject({ status: 'active', held: 200_000 });

      const done = (await allocate(offering.id)).json<IpoAllocationPreview>();
      expect(done.lines.reduce((sum, l) => sum + l.allocated_shares, 0)).toBe(100);
      const first = await clients[0]!.application(offering.id);
      expect(first).toMatchObject({ status: 'allocated', held: 0, requested_shares: 100, allocated_shares: 34, allocated_amount: 68_000 });
      // The allocated amount left the account on the platform; the rest is available again at once.
      expect(await clients[0]!.account(clients[0]!.usd.id)).toMatchObject({ balance: 500_000 - 68_000, available: 500_000 - 68_000 });
      expect(await clients[1]!.account(clients[1]!.usd.id)).toMatchObject({ balance: 500_000 - 66_000, available: 500_000 - 66_000 });
      const entries = (await t.request({ method: 'GET', url: '/api/history?kind=ipo', headers: clients[0]!.headers })).json<{ data: LedgerEntry[] }>().data;
      expect(entries).toMatchObject([{ kind: 'ipo', amount: -68_000, status: 'completed' }]);
      expect(entries[0]!.reference).toMatch(/^IPO-/);

      const view = (await t.request({ method: 'GET', url: `/api/ipo/offerings/${offering.id}`, headers: clients[0]!.headers })).json<IpoOfferingView>();
      expect(view.offering).toMatchObject({ state: 'allocated', allocation_rule: 'pro_rata', final_price: 2000, lockup_ends_at: '2030-07-14T09:00:00.000Z' });
      const holdings = (await t.request({ method: 'GET', url: '/api/ipo/holdings', headers: clients[0]!.headers })).json<unknown[]>();
      expect(holdings).toHaveLength(1);
      expect((await step(offering.id, 'offering.list')).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: '/api/ipo/holdings', headers: clients[0]!.headers })).json()).toEqual([]);
    });

    it('caps each client at the per-client maximum', async () => {
      const offering = await openOffering(t, admin, { shares_offered: 1000 });
      const big = await ipoClient(t, '9000');
      const small = await ipoClient(t, '9000');
      await big.apply(offering.id, '8000');
      await small.apply(offering.id, '200');
      await step(offering.id, 'offering.close');
      await price(offering.id, '20');
      const done = (await allocate(offering.id, 150)).json<IpoAllocationPreview>();
      expect(done.lines.map((l) => [l.requested_shares, l.allocated_shares, l.released])).toEqual([
        [150, 150, 500_000],
        [10, 10, 0],
      ]);
    });

    it('allocates once when two staff press at the same moment', async () => {
      const offering = await openOffering(t, admin);
      const c = await ipoClient(t);
      await c.apply(offering.id, '500');
      await step(offering.id, 'offering.close');
      await price(offering.id, '20');
      const answers = await Promise.all([1, 2, 3].map(() => allocate(offering.id)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const rows = await t.db.selectFrom('ledger_entries').select('amount').where('account_id', '=', c.usd.id).where('kind', '=', 'ipo').execute();
      expect(rows.map((r) => Number(r.amount))).toEqual([-50_000]);
    });
  });

  it('releases every hold when the offering is cancelled, and needs a reason', async () => {
    const offering = await openOffering(t, admin);
    const a = await ipoClient(t);
    const b = await ipoClient(t);
    await a.apply(offering.id, '700');
    await b.apply(offering.id, '300');
    expect(await available(a)).toBe(30_000);
    expect((await step(offering.id, 'offering.cancel')).statusCode).toBe(422);
    const cancelled = await step(offering.id, 'offering.cancel', 'The issuer postponed the listing.');
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', applications: 0, demand: 0 });
    expect(await a.application(offering.id)).toMatchObject({ status: 'cancelled', held: 0 });
    expect(await available(a)).toBe(100_000);
    expect(await available(b)).toBe(100_000);
    const timeline = (await t.request({ method: 'GET', url: `/api/admin/ipo/offerings/${offering.id}/timeline`, headers: admin })).json();
    expect(timeline.steps.map((s: { to: string }) => s.to)).toEqual(['draft', 'announced', 'open', 'cancelled']);
    expect(timeline.steps.at(-1)).toMatchObject({ reason: 'The issuer postponed the listing.', by: 'staff' });
  });

  it('refuses staff an offering whose window closes before it opens, and edits after the window opened', async () => {
    const body = await offeringBody(t, admin);
    const wrong = await t.post('/api/admin/ipo/offerings', { ...body, closes_at: body.opens_at, price_max: '10' }, admin);
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors).sort()).toEqual(['closes_at', 'price_max']);
    const offering = await openOffering(t, admin);
    const edit = await t.request({ method: 'PUT', url: `/api/admin/ipo/offerings/${offering.id}`, payload: body, headers: admin });
    expect(edit.statusCode).toBe(409);
  });
});
