import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminStrategy, CopySubscriptionDetails, StrategyDetails, StrategySummary } from '../../contract/investing.ts';
import { follower, investingOf, moveEquity, provider, strategyBody } from './investing-support.ts';
import { platformOf } from './platform-support.ts';
import { ADMIN_EMAIL, bearer, DIALECTS, startTestApp, type TestApp } from './support.ts';

const DAY = 86_400_000;

describe.each(DIALECTS)('copy trading on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = bearer(await t.login(ADMIN_EMAIL));
  });
  afterAll(() => t.close());

  describe('following', () => {
    it('opens a copy account in the strategy’s currency, funded from the follower’s account through the wallet', async () => {
      const p = await provider(t);
      const f = await follower(t, '5000');
      const sub = await f.followed(p.strategy.id, '2000');
      expect(sub).toMatchObject({ state: 'active', invested: 200_000, equity: 200_000, high_water_mark: 200_000, currency: { code: 'USD' }, source_account_id: f.source.id });
      expect((await f.account(f.source.id)).balance).toBe(300_000);
      const copy = await f.account(sub.copy_account.id);
      expect(copy).toMatchObject({ balance: 200_000, number: sub.copy_account.number });
      expect(sub.timeline.map((s) => s.to)).toEqual(['funding', 'active']);
    });

    it('refuses a follow below the minimum, from another currency, of one’s own strategy, and without the invitation code, in the caller’s language', async () => {
      const p = await provider(t, { visibility: 'invitation' });
      const f = await follower(t);
      const small = await f.follow(p.strategy.id, { amount: '50', invitation_code: p.strategy.invitation_code }, randomUUID(), 'ru');
      expect(small.statusCode).toBe(422);
      expect(small.json().errors.amount[0]).toMatch(/не меньше 100,00/);
      const noCode = await f.follow(p.strategy.id, { amount: '500' });
      expect(noCode.statusCode).toBe(422);
      expect(noCode.json().errors.invitation_code[0]).toBe('This strategy is by invitation: enter the code its provider gave you.');
      const eur = await f.open('EUR', 'demo');
      const other = await f.post(`/api/investing/strategies/${p.strategy.id}/subscriptions`, { account_id: eur.id, amount: '500', invitation_code: p.strategy.invitation_code });
      expect(other.json().errors.account_id).toBeDefined();
      const own = await p.post(`/api/investing/strategies/${p.strategy.id}/subscriptions`, { account_id: p.account.id, amount: '500' });
      expect(own.statusCode).toBe(422);
      expect(own.json().errors.strategy[0]).toBe('You cannot follow your own strategy.');
      const bad = await f.follow(p.strategy.id, { amount: 'lots', stop_loss: { kind: 'percent', value: 200 } }, randomUUID(), 'ua');
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toContain('stop_loss.value');
      const ok = await f.follow(p.strategy.id, { amount: '500', invitation_code: p.strategy.invitation_code });
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it('makes one subscription of concurrent follows with one idempotency key, and refuses a second open one', async () => {
      const p = await provider(t);
      const f = await follower(t);
      const key = randomUUID();
      const answers = await Promise.all([f.follow(p.strategy.id, { amount: '1000' }, key), f.follow(p.strategy.id, { amount: '1000' }, key), f.follow(p.strategy.id, { amount: '1000' }, key)]);
      const created = answers.filter((a) => a.statusCode === 201);
      expect(created.length).toBeGreaterThan(0);
      expect(new Set(created.map((a) => a.json<CopySubscriptionDetails>().id)).size).toBe(1);
      const subs = await t.db.selectFrom('copy_subscriptions').select('id').where('strategy_id', '=', p.strategy.id).execute();
      expect(subs).toHaveLength(1);
      expect((await f.account(f.source.id)).balance).toBe(400_000);
      const again = await f.follow(p.strategy.id, { amount: '1000' });
      expect(again.statusCode).toBe(422);
    });
  });

  describe('copying', () => {
    it('copies in proportion to equity, rounded down to the step, and closes follow closes', async () => {
      const p = await provider(t, { deposit: '10000' });
      const f = await follower(t, '5000');
      const sub = await f.followed(p.strategy.id, '2000');
      const ticket = await p.open('EURUSD', 'buy', 1);
      let details = await f.subscription(sub.id);
      const [open] = details.trades;
      expect(open).toMatchObject({ action: 'open', status: 'copied', reason: null, symbol: 'EURUSD', side: 'buy', strategy_ticket: ticket, strategy_volume: 1 });
      // The investor can recompute it: strategy volume × follower equity / strategy equity, down to 0.01 lots.
      expect(open!.volume).toBe(Math.floor((1 * open!.follower_equity) / open!.strategy_equity / 0.01 + 1e-9) * 0.01);
      expect(open!.volume).toBeCloseTo(0.2, 10);
      const positions = await platformOf(t).positions(sub.copy_account.number);
      expect(positions).toEqual([expect.objectContaining({ ticket: open!.follower_ticket, volume: open!.volume, side: 'buy' })]);

      await p.close(ticket);
      details = await f.subscription(sub.id);
      expect(details.trades[0]).toMatchObject({ action: 'close', status: 'copied', strategy_ticket: ticket, follower_ticket: open!.follower_ticket });
      expect(await platformOf(t).positions(sub.copy_account.number)).toEqual([]);
    });

    it('records a trade too small to copy as skipped, with its reason, and its close as not copied', async () => {
      const p = await provider(t, { deposit: '10000' });
      const f = await follower(t, '5000');
      const sub = await f.followed(p.strategy.id, '200');
      const ticket = await p.open('EURUSD', 'sell', 0.01);
      await p.close(ticket);
      const { trades } = await f.subscription(sub.id);
      expect(trades.map((x) => [x.action, x.status, x.reason, x.volume])).toEqual([
        ['close', 'skipped', 'not_copied', 0],
        ['open', 'skipped', 'too_small', 0],
      ]);
    });

    it('records a copy the follower’s free margin cannot carry as skipped for want of money', async () => {
      const p = await provider(t, { deposit: '10000' });
      const f = await follower(t, '5000');
      const sub = await f.followed(p.strategy.id, '2000');
      // Without leverage, 0.2 lots of EURUSD need some $22,000 of margin on a $2,000 account.
      await platformOf(t).setLeverage(sub.copy_account.number, 1);
      await p.open('EURUSD', 'buy', 1);
      expect((await f.subscription(sub.id)).trades[0]).toMatchObject({ action: 'open', status: 'skipped', reason: 'no_money', volume: 0, follower_ticket: null });
      expect(await platformOf(t).positions(sub.copy_account.number)).toEqual([]);
    });

    it('skips new trades while paused, and copies again once resumed', async () => {
      const p = await provider(t);
      const f = await follower(t);
      const sub = await f.followed(p.strategy.id, '2000');
      expect((await f.step(sub.id, 'pause')).json().state).toBe('paused_by_follower');
      await p.open('EURUSD', 'buy', 0.5);
      expect((await f.subscription(sub.id)).trades[0]).toMatchObject({ status: 'skipped', reason: 'paused' });
      expect((await f.step(sub.id, 'resume')).json().state).toBe('active');
      await p.open('EURUSD', 'buy', 0.5);
      expect((await f.subscription(sub.id)).trades[0]).toMatchObject({ status: 'copied', volume: 0.1 });
    });
  });

  describe('stop-loss', () => {
    it('closes the copy account’s positions and pauses copying when equity reaches the floor, then resumes only above it', async () => {
      const platform = platformOf(t);
      await platform.setQuote('EURUSD', 1.1, 1.1001);
      const p = await provider(t, { deposit: '10000' });
      const f = await follower(t, '5000');
      const sub = await f.followed(p.strategy.id, '2000', { stop_loss: { kind: 'percent', value: 5 } });
      expect(sub.stop_loss).toEqual({ kind: 'percent', value: 5, floor: 190_000 });
      await p.open('EURUSD', 'buy', 5);
      const copied = (await f.subscription(sub.id)).trades[0]!;
      expect(copied.volume).toBeCloseTo(1, 10);
      // One lot loses $10 a pip: 120 pips down is $1,200 on the copy, past its $100 allowance.
      await platform.setQuote('EURUSD', 1.088, 1.0881);
      await vi.waitFor(async () => expect((await f.subscription(sub.id)).state).toBe('paused_stop_loss'), { timeout: 5_000 });
      const after = await f.subscription(sub.id);
      expect(await platform.positions(sub.copy_account.number)).toEqual([]);
      expect(after.equity).toBeLessThanOrEqual(190_000);
      expect(after.timeline.at(-1)).toMatchObject({ event: 'subscription.stop_loss', by: 'system' });
      const resume = await f.step(sub.id, 'resume');
      expect(resume.statusCode).toBe(409);
      // The follower is told, in the app (and by e-mail unless switched off).
      const bell = await t.request({ method: 'GET', url: '/api/notifications', headers: f.headers });
      expect(bell.json().data[0]).toMatchObject({ event: 'copy.stop_loss', link: `/investing/subscriptions/${sub.id}`, payload: { subscription_id: sub.id, strategy: p.strategy.name, floor: 190_000 } });
      await platform.setQuote('EURUSD', 1.1, 1.1001);
    });
  });

  describe('fees', () => {
    // Each case moves the clock through fee periods; the next one starts where the suite began (tokens and quotes stay fresh).
    let start: number;
    beforeEach(() => {
      start = t.clock.current.getTime();
    });
    afterEach(() => {
      t.clock.advance(start - t.clock.current.getTime());
    });

    it('charges the performance fee only above the high-water mark, across a loss and a recovery, each line with its inputs', async () => {
      const p = await provider(t, { performance_fee_percent: 20, management_fee_percent: 0 });
      const f = await follower(t, '5000');
      const sub = await f.followed(p.strategy.id, '1000');
      const login = sub.copy_account.number;
      const providerBefore = (await p.listed()).balance;

      await moveEquity(t, login, 10_000); // +100: equity 1,100
      t.clock.advance(8 * DAY);
      await investingOf(t).subscriptions.settleDue();
      let details = await f.subscription(sub.id);
      const first = details.fees.find((x) => x.kind === 'performance')!;
      expect(first).toMatchObject({ amount: 2_000, equity: 110_000, high_water_mark: 100_000, rate_percent: 20, trigger: 'period_end' });
      expect(details.high_water_mark).toBe(108_000);
      expect(details.equity).toBe(108_000);

      await moveEquity(t, login, -20_000); // a loss: 880
      t.clock.advance(8 * DAY);
      await investingOf(t).subscriptions.settleDue();
      details = await f.subscription(sub.id);
      expect(details.fees[0]).toMatchObject({ kind: 'performance', amount: 0, equity: 88_000, high_water_mark: 108_000 });
      expect(details.high_water_mark).toBe(108_000);

      await moveEquity(t, login, 30_000); // recovery: 1,180, only 100 above the mark
      t.clock.advance(8 * DAY);
      await investingOf(t).subscriptions.settleDue();
      details = await f.subscription(sub.id);
      expect(details.fees[0]).toMatchObject({ kind: 'performance', amount: 2_000, equity: 118_000, high_water_mark: 108_000 });
      expect(details.fees_paid).toBe(4_000);
      expect((await p.listed()).balance).toBe(providerBefore + 4_000);
      // The ledger holds both legs of each fee under one reference.
      const legs = await t.db.selectFrom('ledger_entries').select(['amount', 'status']).where('reference', '=', details.fees[0]!.reference).execute();
      expect(legs.map((l) => [Number(l.amount), l.status]).sort()).toEqual([[-2_000, 'completed'], [2_000, 'completed']]);
    });

    it('accrues the management fee daily and settles fees before a withdrawal, which takes at most the free margin', async () => {
      const p = await provider(t, { performance_fee_percent: 10, management_fee_percent: 3.65 });
      const f = await follower(t, '5000');
      const sub = await f.followed(p.strategy.id, '1000');
      await moveEquity(t, sub.copy_account.number, 10_000);
      t.clock.advance(2 * DAY);
      const over = await f.step(sub.id, 'withdraw', { amount: '5000' });
      expect(over.statusCode).toBe(422);
      const res = await f.step(sub.id, 'withdraw', { amount: '100' });
      expect(res.statusCode, res.body).toBe(200);
      const details = res.json<CopySubscriptionDetails>();
      const management = details.fees.find((x) => x.kind === 'management')!;
      // 3.65 % a year is 0.01 % a day: two days on $1,100.
      expect(management).toMatchObject({ amount: 22, equity: 110_000, days: 2, rate_percent: 3.65, trigger: 'withdrawal' });
      const performance = details.fees.find((x) => x.kind === 'performance')!;
      expect(performance).toMatchObject({ equity: 109_978, high_water_mark: 100_000, amount: 997, trigger: 'withdrawal' });
      expect(details.equity).toBe(110_000 - 22 - 997 - 10_000);
      expect(details.invested).toBe(90_000);
    });

    it('adds funds from the source account, raising the money invested and the high-water mark alike', async () => {
      const p = await provider(t);
      const f = await follower(t, '5000');
      const sub = await f.followed(p.strategy.id, '1000');
      const res = await f.step(sub.id, 'add-funds', { amount: '500.50' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<CopySubscriptionDetails>()).toMatchObject({ invested: 150_050, high_water_mark: 150_050, equity: 150_050 });
      expect(res.json<CopySubscriptionDetails>().timeline.at(-1)).toMatchObject({ event: 'subscription.add_funds', from: 'active', to: 'active', by: 'client', reason: '500.50' });
      expect((await f.account(f.source.id)).balance).toBe(500_000 - 150_050);
      const tooMuch = await f.step(sub.id, 'add-funds', { amount: '100000' });
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.json().errors.amount).toBeDefined();
    });

    it('never lets concurrent withdrawals take more than the free margin', async () => {
      const p = await provider(t, { performance_fee_percent: 0 });
      const f = await follower(t, '5000');
      const sub = await f.followed(p.strategy.id, '1000');
      const answers = await Promise.all([f.step(sub.id, 'withdraw', { amount: '600' }), f.step(sub.id, 'withdraw', { amount: '600' }), f.step(sub.id, 'withdraw', { amount: '600' })]);
      const ok = answers.filter((a) => a.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 422 || a.statusCode === 409)).toBe(true);
      const state = await platformOf(t).state(sub.copy_account.number);
      expect(state.balance).toBe(40_000);
      expect((await f.account(f.source.id)).balance).toBe(460_000);
    });

    it('unsubscribes: positions closed, fees settled, the money back on the source account, the copy account archived', async () => {
      const p = await provider(t, { performance_fee_percent: 20 });
      const f = await follower(t, '5000');
      const sub = await f.followed(p.strategy.id, '1000');
      await p.open('EURUSD', 'buy', 1);
      await moveEquity(t, sub.copy_account.number, 5_000);
      const res = await f.step(sub.id, 'unsubscribe');
      expect(res.statusCode, res.body).toBe(200);
      const closed = res.json<CopySubscriptionDetails>();
      expect(closed.state).toBe('closed');
      expect(closed.fees.some((x) => x.trigger === 'unsubscribe' && x.kind === 'performance')).toBe(true);
      expect(await platformOf(t).positions(sub.copy_account.number)).toEqual([]);
      const copy = await platformOf(t).state(sub.copy_account.number);
      expect(copy.balance).toBe(0);
      // Every unit left on the copy account came back to the source account in one transfer.
      const back = await t.db
        .selectFrom('ledger_entries')
        .select(['amount', 'status'])
        .where('account_id', '=', f.source.id)
        .where('counterparty_account_id', '=', sub.copy_account.id)
        .where('kind', '=', 'transfer_in')
        .execute();
      expect(back).toHaveLength(1);
      expect(back[0]!.status).toBe('completed');
      expect((await f.account(f.source.id)).balance).toBe(400_000 + Number(back[0]!.amount));
      expect(Number(back[0]!.amount)).toBeGreaterThan(100_000);
      expect((await f.step(sub.id, 'pause')).statusCode).toBe(409);
    });
  });

  describe('who may see what', () => {
    it('answers 404 for another client’s subscription and 409 for a step its state refuses', async () => {
      const p = await provider(t);
      const f = await follower(t);
      const other = await follower(t);
      const sub = await f.followed(p.strategy.id, '1000');
      expect((await t.request({ method: 'GET', url: `/api/investing/subscriptions/${sub.id}`, headers: other.headers })).statusCode).toBe(404);
      expect((await other.step(sub.id, 'pause')).statusCode).toBe(404);
      const resume = await f.step(sub.id, 'resume', {}, randomUUID(), 'ru');
      expect(resume.statusCode).toBe(409);
      expect(resume.json().message).toMatch(/невозможно/);
    });

    it('lets staff hide a strategy from the leaderboard and from new followers, and show it again', async () => {
      const p = await provider(t, { name: `Hidden ${randomUUID().slice(0, 6)}` });
      const f = await follower(t);
      const board = async () => (await t.request({ method: 'GET', url: '/api/investing/strategies?period=all&sort=investors', headers: f.headers })).json<StrategySummary[]>();
      expect((await board()).some((s) => s.id === p.strategy.id)).toBe(true);
      const hidden = await t.post(`/api/admin/strategies/${p.strategy.id}/hide`, { reason: 'Misleading description' }, admin);
      expect(hidden.json<AdminStrategy>()).toMatchObject({ hidden: true, hidden_reason: 'Misleading description' });
      expect((await board()).some((s) => s.id === p.strategy.id)).toBe(false);
      expect((await f.follow(p.strategy.id, { amount: '500' })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/api/investing/strategies/${p.strategy.id}`, headers: f.headers })).statusCode).toBe(404);
      expect((await t.post(`/api/admin/strategies/${p.strategy.id}/hide`, { reason: 'x' }, f.headers)).statusCode).toBe(403);
      await t.post(`/api/admin/strategies/${p.strategy.id}/unhide`, {}, admin);
      const page = (await t.request({ method: 'GET', url: `/api/investing/strategies/${p.strategy.id}`, headers: f.headers })).json<StrategyDetails>();
      expect(page).toMatchObject({ id: p.strategy.id, hidden: false, fee_plan: { performance_fee_percent: 20, min_investment: 10_000, fee_period: 'weekly' } });
    });

    it('answers invalid strategy input with translated 422s, never 500', async () => {
      const p = await provider(t);
      const res = await t.post(
        '/api/investing/my-strategies',
        { account_id: p.account.id, name: '', descriptions: {}, performance_fee_percent: 80, management_fee_percent: -1, min_investment: 'x', visibility: 'secret' },
        { ...p.headers, 'accept-language': 'ru' },
      );
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(['descriptions', 'management_fee_percent', 'name', 'performance_fee_percent', 'visibility']);
      const taken = await t.post('/api/investing/my-strategies', strategyBody(p.account.id), p.headers);
      expect(taken.json().errors.account_id[0]).toBe('This account already offers a strategy or copies one: choose another account.');
    });
  });
});

