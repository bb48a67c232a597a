import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support.ts';
import { nextReference, openFunded, type PlatformHarness, startPlatform } from './support.ts';

describe.each(DIALECTS)('concurrent orders and withdrawals on one account on $name', (dialect) => {
  let h: PlatformHarness;
  beforeAll(async () => {
    h = await startPlatform(dialect);
  });
  afterAll(() => h.close());

  it('never leave the free margin negative nor the balance apart from the sum of its deals', async () => {
    const login = await openFunded(h.platform, { leverage: 100, deposit: 500_000 });
    await h.platform.setQuote('EURUSD', 1.1, 1.1001);
    // 60 orders of ~$110 margin and 40 withdrawals of $50 ask for ~$8,600 of a $5,000 account.
    const operations = Array.from({ length: 100 }, (_, i) =>
      i % 5 < 3
        ? h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 0.1, stop_loss: null, take_profit: null })
        : h.platform.balance({ login, kind: 'withdrawal', amount: -5_000, reference: nextReference('WDR') }),
    );
    const results = await Promise.allSettled(operations);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ name: 'PlatformError', code: 'no_money' });

    const state = await h.platform.state(login);
    expect(state.free_margin).toBeGreaterThanOrEqual(0);
    const deals = (await h.platform.deals(login, { from: new Date(0), to: new Date('2100-01-01'), page: 1, per_page: 200 })).data;
    expect(state.balance).toBe(deals.reduce((sum, d) => sum + d.profit, 0));
    const filled = results.filter((r, i) => r.status === 'fulfilled' && i % 5 < 3).length;
    expect(await h.platform.positions(login)).toHaveLength(filled);
    expect(deals.filter((d) => d.entry === 'in')).toHaveLength(filled);
  });
});
