import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support.ts';
import { nextReference, openFunded, type PlatformHarness, startPlatform } from './support.ts';

describe.each(DIALECTS)('daily reports of the embedded platform on $name', (dialect) => {
  let h: PlatformHarness;
  beforeAll(async () => {
    h = await startPlatform(dialect);
  });
  afterAll(() => h.close());

  it('answers the balance and equity at the end of each UTC day since the account opened, then now', async () => {
    const login = await openFunded(h.platform, { deposit: 100_000 });
    await h.platform.setQuote('EURUSD', 1.1, 1.1001);
    await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 0.1, stop_loss: null, take_profit: null });

    // The first tick of Wednesday records Tuesday's end: the position is $20 up.
    h.clock.current = new Date('2030-01-16T00:00:00.500Z');
    await h.platform.setQuote('EURUSD', 1.1021, 1.1022);
    await h.platform.balance({ login, kind: 'deposit', amount: 50_000, reference: nextReference() });
    h.clock.current = new Date('2030-01-17T00:00:00.500Z');
    await h.platform.setQuote('EURUSD', 1.0991, 1.0992);
    h.clock.current = new Date('2030-01-17T10:00:00.000Z');

    const reports = await h.platform.dailyReports(login, { from: new Date('2030-01-13T00:00:00Z'), to: new Date('2030-01-20T00:00:00Z') });
    const state = await h.platform.state(login);
    expect(reports).toEqual([
      { time: '2030-01-15', balance: 100_000, equity: 102_000 },
      { time: '2030-01-16', balance: 150_000, equity: 149_000 },
      { time: '2030-01-17T10:00:00.000Z', balance: state.balance, equity: state.equity },
    ]);
  });
});
