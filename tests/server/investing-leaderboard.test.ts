import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { CopySubscriptionDetails, StrategyDetails, StrategySummary } from '../../contract/investing.ts';
import { DEMO_STRATEGIES } from '../../server/db/content/strategies.ts';
import { follower, investingOf } from './investing-support.ts';
import { platformOf } from './platform-support.ts';
import { walletClient } from './wallet-support.ts';
import { CLIENT_EMAIL, bearer, DIALECTS, startTestApp, type TestApp } from './support.ts';

describe.each(DIALECTS)('the investing leaderboard on $name', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    headers = bearer(await t.login(CLIENT_EMAIL));
  });
  afterAll(() => t.close());

  const board = async (query = '') => {
    const res = await t.request({ method: 'GET', url: `/api/investing/strategies${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StrategySummary[]>();
  };

  it('lives on a fresh install: the seeded strategies with months of history, returns, drawdown and a risk score', async () => {
    // The seed writes its history up to the day it runs (the real one); the tests' clock stands in 2030, so the whole history is the period that moves.
    const list = await board('?period=all');
    expect(list.map((s) => s.name).sort()).toEqual(DEMO_STRATEGIES.map((s) => s.name).sort());
    for (const s of list) {
      expect(s.period).toBe('all');
      expect(s.age_days).toBeGreaterThanOrEqual(75);
      expect(s.risk_score).toBeGreaterThanOrEqual(1);
      expect(s.risk_score).toBeLessThanOrEqual(10);
      expect(s.max_drawdown_percent).toBeGreaterThan(0);
      expect(s.return_percent).not.toBe(0);
      expect(s.sparkline.length).toBeGreaterThan(10);
    }
    // Sorted by return over the period, best first.
    expect(list.map((s) => s.return_percent)).toEqual([...list.map((s) => s.return_percent)].sort((a, b) => b - a));
    const byRisk = await board('?sort=risk');
    expect(byRisk.map((s) => s.risk_score)).toEqual([...byRisk.map((s) => s.risk_score)].sort((a, b) => a - b));
    const calm = await board(`?max_risk=${byRisk[0]!.risk_score}`);
    expect(calm.every((s) => s.risk_score <= byRisk[0]!.risk_score)).toBe(true);
    expect((await board('?currency=EUR')).map((s) => s.currency.code)).toEqual(['EUR']);
  });

  it('shows a strategy’s page in the reader’s language: its equity since it opened, returns over every period, fee plan and delayed trades', async () => {
    const [first] = await board('?currency=EUR');
    const res = await t.request({ method: 'GET', url: `/api/investing/strategies/${first!.id}`, headers: { ...headers, 'accept-language': 'ru' } });
    const page = res.json<StrategyDetails>();
    expect(page.description).toMatch(/^Всегда в рынке по EURUSD/);
    expect(page.equity.length).toBeGreaterThan(150);
    expect(page.trades.length).toBeGreaterThan(50);
    expect(page.trades.every((x) => Date.parse(x.close_time) <= t.clock.current.getTime() - page.trades_delay_minutes * 60_000)).toBe(true);
    expect(Object.keys(page.returns).sort()).toEqual(['1y', '30d', '7d', '90d', 'all']);
    expect(page).toMatchObject({ rule: 'ma_crossover:EURUSD', fee_plan: { performance_fee_percent: 20, management_fee_percent: 1, min_investment: 10_000 } });
  });

  it('counts a strategy’s investors and their funds', async () => {
    const [gold] = await board('?q=gold');
    const f = await follower(t, '3000');
    await f.followed(gold!.id, '1000');
    const [after] = await board('?q=gold');
    expect(after).toMatchObject({ investors: gold!.investors + 1 });
    expect(after!.funds_invested).toBeGreaterThanOrEqual(gold!.funds_invested + 99_000);
    const mine = (await t.request({ method: 'GET', url: '/api/investing/strategies?q=gold', headers: f.headers })).json<StrategySummary[]>();
    expect(mine[0]!.my_subscription_id).not.toBeNull();
  });

  it('lets a seeded bot trade by its rule in the leader, and copies its trade to a follower', async () => {
    const [trend] = await board('?currency=EUR');
    const c = await walletClient(t);
    const eur = await c.open('EUR', 'demo');
    expect((await c.deposit(eur.id, '5000')).statusCode).toBe(201);
    const follow = await c.post(`/api/investing/strategies/${trend!.id}/subscriptions`, { account_id: eur.id, amount: '2000' });
    expect(follow.statusCode, follow.body).toBe(201);
    const sub = follow.json<CopySubscriptionDetails>();
    // Six hours of minute bars rising: the 5-bar average of 15-minute closes crosses above the 20-bar one.
    const now = t.clock.current.getTime();
    const bars = Array.from({ length: 360 }, (_, i) => {
      const close = 1.08 + i * 0.00001;
      return { symbol: 'EURUSD', timeframe: 'M1', time: new Date(now - (360 - i) * 60_000).toISOString(), open: close, high: close, low: close, close };
    });
    const platformDb = t.db as unknown as Kysely<{ platform_bars: (typeof bars)[number] }>;
    for (let i = 0; i < bars.length; i += 100) await platformDb.insertInto('platform_bars').values(bars.slice(i, i + 100)).onConflict((oc) => oc.doNothing()).execute();
    await platformOf(t).setQuote('EURUSD', 1.0836, 1.0837);
    await investingOf(t).runJobs();
    await investingOf(t).copier.idle();
    const details = (await t.request({ method: 'GET', url: `/api/investing/subscriptions/${sub.id}`, headers: c.headers })).json<CopySubscriptionDetails>();
    expect(details.trades[0]).toMatchObject({ action: 'open', status: 'copied', symbol: 'EURUSD', side: 'buy', strategy_volume: 0.5 });
    expect(details.trades[0]!.volume).toBeGreaterThan(0);
  });

  it('refuses a query it cannot read with a 422, not a 500', async () => {
    const res = await t.request({ method: 'GET', url: '/api/investing/strategies?period=2w&max_risk=eleven', headers });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['max_risk', 'period']);
  });
});
