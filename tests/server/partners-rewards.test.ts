import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { PartnerFlag, PartnerMe, PartnerPayout, PartnerStats, RewardPage, SubPartner } from '../../contract/partners.ts';
import { ADMIN_EMAIL, bearer, DEMO_PASSWORD, DIALECTS, startTestApp, type TestApp } from './support.ts';
import { newPartner, planBody, registerVia, visit } from './partners-support.ts';
import { platformOf } from './platform-support.ts';

const DAY = 86_400_000;
/** The test clock's day (2030-01-15): the deals made now are accrued for it. */
const TODAY = '2030-01-15';

describe.each(DIALECTS)('partner rewards on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = bearer(await t.login(ADMIN_EMAIL));
  });
  afterAll(() => t.close());

  const get = <T>(url: string, headers: Record<string, string>) => t.request({ method: 'GET', url, headers }).then((r) => r.json<T>());
  const rewards = (headers: Record<string, string>) => get<RewardPage>('/api/partner/rewards', headers);
  const wallet = async (headers: Record<string, string>) => (await get<PartnerMe>('/api/partner', headers)).partner!.wallet;
  const accrue = async (day = TODAY) => {
    const res = await t.post('/api/admin/partners/accrue', { day }, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ deals: number; lines: number }>();
  };
  /** A partner with a referred, funded (live, 5,000 USD) client. */
  async function partnerWithClient(planId?: number) {
    const p = await newPartner(t, admin, planId ? { planId } : {});
    const client = await registerVia(t, await visit(t, p.link.code));
    const account = await client.liveAccount();
    const depositId = await client.deposit(admin, account.id, '5000');
    return { p, client, account, depositId };
  }

  describe('CPA', () => {
    it('pays the CPA at once for the first live deposit at or above the threshold, traced to it', async () => {
      const { p, depositId } = await partnerWithClient();
      const page = await rewards(p.headers);
      expect(page.data).toHaveLength(1);
      const ledger = await t.db.selectFrom('ledger_entries').select('reference').where('id', '=', depositId).executeTakeFirstOrThrow();
      expect(page.data[0]).toMatchObject({
        kind: 'cpa',
        level: 1,
        rate: 5_000,
        amount: 5_000,
        currency: 'USD',
        plan: { name: 'Standard' },
        inputs: { deposit: { reference: ledger.reference, amount: 500_000, amount_in_plan: 500_000, threshold: 10_000 } },
      });
      expect(await wallet(p.headers)).toMatchObject({ balance: 5_000, available: 5_000 });
    });

    it('pays no CPA for a first deposit below the threshold, nor for a later larger one', async () => {
      const p = await newPartner(t, admin);
      const client = await registerVia(t, await visit(t, p.link.code));
      const account = await client.liveAccount();
      await client.deposit(admin, account.id, '99.99');
      await client.deposit(admin, account.id, '1000');
      expect((await rewards(p.headers)).data).toEqual([]);
      await accrue();
      expect((await rewards(p.headers)).data).toEqual([]);
    });

    it('pays the CPA once when the deposit is told again', async () => {
      const { p, depositId } = await partnerWithClient();
      expect(await t.app.services.partners.rewards.rewardDeposit(depositId)).toBe(0);
      await accrue();
      expect((await rewards(p.headers)).total).toBe(1);
    });
  });

  describe('per lot, from the platform’s deals', () => {
    it('rewards each live deal at its group’s rate, once however often the daily job runs', async () => {
      const { p, client, account } = await partnerWithClient();
      const fx = await client.buy(account.number, 'EURUSD', 0.5);
      const gold = await client.buy(account.number, 'XAUUSD', 0.1);
      const first = await accrue();
      expect(first.lines).toBe(2);
      const again = await accrue();
      expect(again.lines).toBe(0);
      const lots = (await rewards(p.headers)).data.filter((l) => l.kind === 'lot');
      expect(lots).toHaveLength(2);
      const byTicket = new Map(lots.map((l) => [l.inputs.deal!.ticket, l]));
      expect(byTicket.get(fx.ticket)).toMatchObject({ rate: 500, amount: 250, inputs: { deal: { symbol: 'EURUSD', group: 'forex', volume: 0.5, account: account.number } } });
      expect(byTicket.get(gold.ticket)).toMatchObject({ rate: 700, amount: 70, inputs: { deal: { symbol: 'XAUUSD', group: 'metals', volume: 0.1 } } });
      expect(await wallet(p.headers)).toMatchObject({ balance: 5_000 + 250 + 70 });
      // The CPA told at once; the day's trading in one notice, not one per deal.
      const told = await t.db.selectFrom('notifications as n').innerJoin('users as u', 'u.id', 'n.user_id').select('n.payload').where('u.email', '=', p.email).where('n.event', '=', 'partner.reward').orderBy('n.id').execute();
      expect(told.map((n) => JSON.parse(n.payload) as object)).toEqual([
        { kind: 'cpa', amount: 5_000, currency: 'USD', precision: 2 },
        { kind: 'lot', amount: 320, currency: 'USD', precision: 2 },
      ]);
      const stats = await get<PartnerStats>('/api/partner/stats?period=30d', p.headers);
      expect(stats.totals).toMatchObject({ clicks: 1, registrations: 1, verified: 1, funded: 1, volume_lots: 0.6, rewards: 5_320 });
      const clients = await get<{ clients: { volume_lots: number; rewards: number; funded: boolean }[] }>('/api/partner/clients', p.headers);
      expect(clients.clients[0]).toMatchObject({ volume_lots: 0.6, rewards: 5_320, funded: true });
    });

    it('leaves out demo accounts', async () => {
      const p = await newPartner(t, admin);
      const client = await registerVia(t, await visit(t, p.link.code));
      const currencies = await get<{ id: number; code: string }[]>('/api/currencies', client.headers);
      const demo = (await t.post('/api/trading-account/create', { currency_id: currencies.find((c) => c.code === 'USD')!.id, type: 'demo' }, client.headers)).json<{ id: number; number: string }>();
      expect((await t.post('/api/wallet/deposit', { account_id: demo.id, amount: '10000' }, { ...client.headers, 'idempotency-key': randomUUID() })).statusCode).toBe(201);
      await client.buy(demo.number, 'EURUSD', 0.1);
      await accrue();
      expect((await rewards(p.headers)).total).toBe(0);
    });

    it('rewards a deal at the plan in force at its time: a plan change applies from its day on', async () => {
      const gold = (await t.post('/api/admin/partner-plans', planBody({ name: `Gold ${randomUUID().slice(0, 6)}` }), admin)).json<{ id: number }>();
      const { p, client, account } = await partnerWithClient();
      const tomorrow = new Date(Date.parse(`${TODAY}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
      const changed = await t.request({ method: 'PUT', url: `/api/admin/partners/${p.partnerId}/plan`, payload: { plan_id: gold.id, effective_from: tomorrow }, headers: admin });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<{ next_plan: { id: number; effective_from: string } }>().next_plan).toMatchObject({ id: gold.id, effective_from: tomorrow });
      const before = await client.buy(account.number, 'EURUSD', 1);
      t.clock.advance(DAY);
      try {
        // Fresh prices at the next day's time.
        await platformOf(t).tick();
        const after = await client.buy(account.number, 'EURUSD', 1);
        // Staff's sign-in has lapsed a day later: the job itself runs.
        await t.app.services.partners.rewards.accrue(TODAY);
        await t.app.services.partners.rewards.accrue(tomorrow);
        const lots = new Map((await rewards(p.headers)).data.filter((l) => l.kind === 'lot').map((l) => [l.inputs.deal!.ticket, l]));
        expect(lots.get(before.ticket)).toMatchObject({ rate: 500, amount: 500, plan: { name: 'Standard' } });
        expect(lots.get(after.ticket)).toMatchObject({ rate: 800, amount: 800, plan: { id: gold.id } });
      } finally {
        t.clock.advance(-DAY);
      }
      const past = await t.request({ method: 'PUT', url: `/api/admin/partners/${p.partnerId}/plan`, payload: { plan_id: gold.id, effective_from: '2029-12-31' }, headers: admin });
      expect(past.statusCode).toBe(422);
    });
  });

  describe('statistics at once', () => {
    it('shows a deal’s lots in the statistics before the daily run, and sums each day of the period by kind', async () => {
      const { p, client, account } = await partnerWithClient();
      await client.buy(account.number, 'EURUSD', 0.5);
      await client.buy(account.number, 'XAUUSD', 0.1);
      const before = await get<PartnerStats>('/api/partner/stats?period=30d', p.headers);
      expect(before.totals).toMatchObject({ registrations: 1, funded: 1, volume_lots: 0.6, rewards: 5_000 });
      expect(before.links[0]).toMatchObject({ link: { id: p.link.id }, volume_lots: 0.6 });
      expect((await get<{ clients: { volume_lots: number }[] }>('/api/partner/clients', p.headers)).clients[0]!.volume_lots).toBe(0.6);
      // Every day of the 30 days, oldest first, today last.
      expect(before.daily).toHaveLength(31);
      expect(before.daily.at(-1)).toEqual({ day: TODAY, rewards: { cpa: 5_000, lot: 0, second_level: 0 }, registrations: 1, funded: 1, volume_lots: 0.6 });
      expect(before.daily.slice(0, -1).every((d) => d.registrations === 0 && d.volume_lots === 0 && d.rewards.cpa === 0)).toBe(true);
      await accrue();
      const after = await get<PartnerStats>('/api/partner/stats?period=7d', p.headers);
      expect(after.daily).toHaveLength(8);
      expect(after.daily.at(-1)).toMatchObject({ day: TODAY, rewards: { cpa: 5_000, lot: 320, second_level: 0 }, volume_lots: 0.6 });
      expect(after.totals).toMatchObject({ volume_lots: 0.6, rewards: 5_320 });
      // A link of its own answers its clients' days only.
      const other = await t.post('/api/partner/links', { campaign: 'Video' }, p.headers);
      const byLink = await get<PartnerStats>(`/api/partner/stats?period=7d&link=${other.json<{ id: number }>().id}`, p.headers);
      expect(byLink.daily.at(-1)).toEqual({ day: TODAY, rewards: { cpa: 0, lot: 0, second_level: 0 }, registrations: 0, funded: 0, volume_lots: 0 });
    });
  });

  describe('a held registration counted later', () => {
    it('pays what the client earned while held once staff count it: the CPA and every deal, once', async () => {
      const p = await newPartner(t, admin);
      const ip = '10.200.1.9';
      expect((await t.request({ method: 'POST', url: '/api/login', payload: { email: p.email, password: DEMO_PASSWORD }, remoteAddress: ip })).statusCode).toBe(200);
      const client = await registerVia(t, await visit(t, p.link.code), { ip });
      const account = await client.liveAccount();
      await client.deposit(admin, account.id, '5000');
      const fx = await client.buy(account.number, 'EURUSD', 0.5);
      const gold = await client.buy(account.number, 'XAUUSD', 0.1);
      await accrue();
      expect((await rewards(p.headers)).data).toEqual([]);
      expect(await wallet(p.headers)).toMatchObject({ balance: 0 });

      const flag = (await get<PartnerFlag[]>('/api/admin/partners/flags', admin)).find((f) => f.client.id === client.id)!;
      const counted = await t.post(`/api/admin/partners/flags/${flag.id}/resolve`, { decision: 'count' }, admin);
      expect(counted.statusCode, counted.body).toBe(200);
      const page = await rewards(p.headers);
      expect(page.data.map((l) => l.kind).sort()).toEqual(['cpa', 'lot', 'lot']);
      expect(new Set(page.data.filter((l) => l.kind === 'lot').map((l) => l.inputs.deal!.ticket))).toEqual(new Set([fx.ticket, gold.ticket]));
      expect(await wallet(p.headers)).toMatchObject({ balance: 5_000 + 250 + 70 });

      // Counting again is refused; the daily job, or the late accrual run again, pays nothing more.
      expect((await t.post(`/api/admin/partners/flags/${flag.id}/resolve`, { decision: 'count' }, admin)).statusCode).toBe(409);
      expect((await accrue()).lines).toBe(0);
      expect(await t.app.services.partners.rewards.accrueClient(client.id)).toBe(0);
      expect((await rewards(p.headers)).total).toBe(3);
      expect(await wallet(p.headers)).toMatchObject({ balance: 5_320 });
    });
  });

  describe('second level', () => {
    it('pays the parent its plan’s share of a sub-partner’s rewards, a line of its own linked to the child’s', async () => {
      const parent = await newPartner(t, admin);
      // The sub-partner registered through the parent's link, then became a partner.
      const recruit = await registerVia(t, await visit(t, parent.link.code));
      const applied = await t.post('/api/partner/application', { description: 'Sub-partner.' }, recruit.headers);
      expect((await t.post(`/api/admin/partners/applications/${applied.json<{ id: number }>().id}/approve`, {}, admin)).statusCode).toBe(200);
      const me = await get<PartnerMe>('/api/partner', recruit.headers);
      expect(me.partner!.parent).toMatchObject({ id: parent.partnerId });
      const link = (await t.post('/api/partner/links', { campaign: 'Sub' }, recruit.headers)).json<{ code: string }>();
      const client = await registerVia(t, await visit(t, link.code));
      const account = await client.liveAccount();
      await client.deposit(admin, account.id, '500');
      const child = (await rewards(recruit.headers)).data[0]!;
      const share = (await rewards(parent.headers)).data.find((l) => l.kind === 'second_level')!;
      expect(share).toMatchObject({ level: 2, rate: 1_000, amount: 500, client: { id: client.id }, inputs: { child: { reward_id: child.id, amount: 5_000 } } });
      const subs = await get<SubPartner[]>('/api/partner/sub-partners', parent.headers);
      expect(subs).toEqual([expect.objectContaining({ id: me.partner!.id, clients: 1, their_rewards: 5_000, my_share: 500 })]);
      // A re-run pays the share once.
      await accrue();
      expect((await rewards(parent.headers)).data.filter((l) => l.kind === 'second_level')).toHaveLength(1);
    });
  });

  describe('payouts', () => {
    it('transfers to the partner’s live account once per key, booked on the platform', async () => {
      const { p } = await partnerWithClient();
      const currencies = await get<{ id: number; code: string }[]>('/api/currencies', p.headers);
      const live = (await t.post('/api/trading-account/create', { currency_id: currencies.find((c) => c.code === 'USD')!.id, type: 'live' }, p.headers)).json<{ id: number; number: string }>();
      const key = randomUUID();
      const body = { kind: 'transfer', amount: '30', account_id: live.id };
      const first = await t.post('/api/partner/payouts', body, { ...p.headers, 'idempotency-key': key });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<PartnerPayout>()).toMatchObject({ kind: 'transfer', status: 'completed', amount: 3_000, account: { id: live.id } });
      const replay = await t.post('/api/partner/payouts', body, { ...p.headers, 'idempotency-key': key });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(await wallet(p.headers)).toMatchObject({ balance: 2_000 });
      const entries = await t.db.selectFrom('ledger_entries').selectAll().where('account_id', '=', live.id).execute();
      expect(entries).toEqual([expect.objectContaining({ kind: 'adjustment', amount: 3_000, status: 'completed' })]);
      expect(entries[0]!.platform_ticket).not.toBeNull();
    });

    it('refuses more than the wallet holds, another’s account, and a demo account', async () => {
      const { p, account } = await partnerWithClient();
      const tooMuch = await t.post('/api/partner/payouts', { kind: 'transfer', amount: '50.01', account_id: account.id }, { ...p.headers, 'idempotency-key': randomUUID(), 'accept-language': 'ru' });
      expect(tooMuch.statusCode).toBe(422);
      const errors = tooMuch.json<{ errors: Record<string, string[]> }>().errors;
      expect(errors.account_id).toBeDefined();
      expect(errors.amount![0]).toMatch(/[а-я]/i);
      expect((await t.post('/api/partner/payouts', { kind: 'transfer', amount: 'abc' }, { ...p.headers, 'idempotency-key': randomUUID() })).statusCode).toBe(422);
      expect((await t.post('/api/partner/payouts', { kind: 'transfer', amount: '1' }, p.headers)).statusCode).toBe(422);
    });

    it('withdraws through staff: pending holds the money, a rejection gives it back, a second decision is 409', async () => {
      const { p } = await partnerWithClient();
      expect((await t.post('/api/security/step-up', { password: DEMO_PASSWORD }, p.headers)).statusCode).toBe(204);
      const methods = await get<{ id: number; min_amount: number }[]>('/api/payment-methods?currency=USD&direction=withdrawal', p.headers);
      const method = methods.sort((a, b) => a.min_amount - b.min_amount)[0];
      const res = await t.post('/api/partner/payouts', { kind: 'withdrawal', amount: '20', ...(method ? { payment_method_id: method.id } : {}) }, { ...p.headers, 'idempotency-key': randomUUID() });
      expect(res.statusCode, res.body).toBe(201);
      const payout = res.json<PartnerPayout>();
      expect(payout).toMatchObject({ status: 'pending', amount: 2_000 });
      expect(await wallet(p.headers)).toMatchObject({ balance: 3_000 });
      const rejected = await t.post(`/api/admin/partners/payouts/${payout.id}/reject`, { reason: 'Bank details missing.' }, admin);
      expect(rejected.json<PartnerPayout>()).toMatchObject({ status: 'rejected', reason: 'Bank details missing.' });
      expect(await wallet(p.headers)).toMatchObject({ balance: 5_000 });
      expect((await t.post(`/api/admin/partners/payouts/${payout.id}/approve`, {}, admin)).statusCode).toBe(409);
    });

    it('never goes below zero when accrual and payouts run at the same moment', async () => {
      const { p, client, account } = await partnerWithClient();
      const currencies = await get<{ id: number; code: string }[]>('/api/currencies', p.headers);
      const live = (await t.post('/api/trading-account/create', { currency_id: currencies.find((c) => c.code === 'USD')!.id, type: 'live' }, p.headers)).json<{ id: number }>();
      await client.buy(account.number, 'EURUSD', 1);
      // Five transfers of the whole CPA at once, while the daily job credits the deal's 5.00.
      const results = await Promise.all([
        accrue(),
        ...Array.from({ length: 5 }, () => t.post('/api/partner/payouts', { kind: 'transfer', amount: '50', account_id: live.id }, { ...p.headers, 'idempotency-key': randomUUID() })),
      ]);
      const statuses = results.slice(1).map((r) => (r as { statusCode: number }).statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 422)).toHaveLength(4);
      expect(await wallet(p.headers)).toMatchObject({ balance: 500 });
      const sum = await t.db.selectFrom('partner_wallet_entries').select('amount').where('wallet_id', '=', (await wallet(p.headers)).id).where('status', '<>', 'rejected').execute();
      expect(sum.reduce((a, r) => a + Number(r.amount), 0)).toBe(500);
    });

    it('reads another partner’s reward lines as nobody’s: each partner sees only their own', async () => {
      const a = await partnerWithClient();
      const b = await newPartner(t, admin);
      expect((await rewards(b.headers)).total).toBe(0);
      expect((await rewards(a.p.headers)).total).toBe(1);
    });
  });

  describe('the daily job', () => {
    it('claims a day once across callers and accrues it', async () => {
      const { p, client, account } = await partnerWithClient();
      await client.buy(account.number, 'EURUSD', 0.2);
      t.clock.advance(DAY);
      try {
        const runs = await Promise.all([t.app.services.partners.rewards.runDaily(), t.app.services.partners.rewards.runDaily()]);
        expect(runs.filter((r) => r !== null)).toHaveLength(1);
        expect(await t.app.services.partners.rewards.runDaily()).toBeNull();
      } finally {
        t.clock.advance(-DAY);
      }
      expect((await rewards(p.headers)).data.some((l) => l.kind === 'lot' && l.amount === 100)).toBe(true);
    });
  });
});
