import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { CopySubscriptionDetails, MyStrategy } from '../../contract/investing.ts';
import type { InvestingService } from '../../server/services/investing.ts';
import { platformOf, trader } from './platform-support.ts';
import type { TestApp } from './support.ts';
import { walletClient } from './wallet-support.ts';

export const investingOf = (t: TestApp) => t.app.services.investing as InvestingService;

export const strategyBody = (accountId: number, overrides: Record<string, unknown> = {}) => ({
  account_id: accountId,
  name: 'Steady EURUSD',
  descriptions: { en: 'Trend following on EURUSD.', ru: 'Следование за трендом по EURUSD.' },
  performance_fee_percent: 20,
  management_fee_percent: 0,
  min_investment: '100',
  visibility: 'public',
  ...overrides,
});

/** A client offering a demo USD account funded with `deposit` as a strategy. */
export async function provider(t: TestApp, { deposit = '10000', ...overrides }: { deposit?: string } & Record<string, unknown> = {}) {
  const p = await trader(t, { deposit });
  const res = await t.post('/api/investing/my-strategies', strategyBody(p.account.id, overrides), p.headers);
  expect(res.statusCode, res.body).toBe(201);
  const strategy = res.json<MyStrategy>();
  return {
    ...p,
    strategy,
    /** Places an order on the strategy account and waits until every follower's copy is done. */
    async open(symbol: string, side: 'buy' | 'sell', volume: number) {
      const res = await p.order({ symbol, side, volume });
      expect(res.statusCode, res.body).toBe(201);
      await investingOf(t).copier.idle();
      return res.json<{ position: { ticket: number } }>().position.ticket;
    },
    async close(ticket: number) {
      const res = await p.call('POST', `/positions/${ticket}/close`);
      expect(res.statusCode, res.body).toBe(200);
      await investingOf(t).copier.idle();
    },
  };
}

/** A client with a funded demo USD account, following nothing yet. */
export async function follower(t: TestApp, deposit = '5000') {
  const c = await walletClient(t);
  const account = await c.open('USD', 'demo');
  expect((await c.deposit(account.id, deposit)).statusCode).toBe(201);
  return {
    ...c,
    /** The account the follower's money comes from. */
    source: account,
    follow(strategyId: number, body: Record<string, unknown>, key: string = randomUUID(), lang = 'en') {
      return c.post(`/api/investing/strategies/${strategyId}/subscriptions`, { account_id: account.id, ...body }, key, lang);
    },
    async followed(strategyId: number, amount: string, extra: Record<string, unknown> = {}): Promise<CopySubscriptionDetails> {
      const res = await this.follow(strategyId, { amount, ...extra });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<CopySubscriptionDetails>();
    },
    async subscription(id: number): Promise<CopySubscriptionDetails> {
      const res = await t.request({ method: 'GET', url: `/api/investing/subscriptions/${id}`, headers: c.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CopySubscriptionDetails>();
    },
    step(id: number, step: string, body?: unknown, key: string = randomUUID(), lang = 'en') {
      return c.post(`/api/investing/subscriptions/${id}/${step}`, body ?? {}, key, lang);
    },
  };
}

/** Money appearing on (or leaving) the copy account as if it had traded: a balance deal behind the ledger's back. */
export async function moveEquity(t: TestApp, login: string, minor: number) {
  await platformOf(t).balance({ login, kind: 'adjustment', amount: minor, reference: `TEST-${randomUUID()}` });
}
