import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../contract/platform.ts';
import { DIALECTS } from '../support.ts';
import { type HarnessOptions, type PlatformHarness, startPlatform } from './support.ts';

const SATURDAY = new Date('2030-01-19T12:00:00.000Z');

describe.each(DIALECTS)('the embedded price simulation on $name', (dialect) => {
  /**
   * A platform on a database of its own for the length of `use`. One at a time: Kysely's migrator
   * looks for its tables in every PostgreSQL schema, so a second test schema migrated while another
   * exists is taken as migrated already.
   */
  async function withPlatform<T>(options: HarnessOptions, use: (h: PlatformHarness) => Promise<T>): Promise<T> {
    const h = await startPlatform(dialect, options);
    try {
      return await use(h);
    } finally {
      await h.close();
    }
  }

  /** Ten ticks, 400 ms apart, and every tick's quotes as subscribers got them. */
  async function run(h: PlatformHarness): Promise<Quote[][]> {
    const ticks: Quote[][] = [];
    const off = h.platform.subscribe({ onTick: (quotes) => ticks.push(quotes) });
    for (let i = 0; i < 10; i += 1) {
      h.clock.advance(400);
      await h.platform.tick();
    }
    off();
    return ticks;
  }

  it('gives the same prices for the same seed, other prices for another, a spread on each', async () => {
    const a = await withPlatform({}, run);
    const b = await withPlatform({}, run);
    const c = await withPlatform({ platform: { seed: 7 } }, run);
    expect(a).toHaveLength(10);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    const eurusd = a.map((quotes) => quotes.find((q) => q.symbol === 'EURUSD')!);
    expect(new Set(eurusd.map((q) => q.bid)).size).toBeGreaterThan(1);
    for (const q of eurusd) expect(Math.round((q.ask - q.bid) * 1e5)).toBe(12);
  });

  it('is quiet outside trading hours: no tick at the weekend, and the index only in its session', () => withPlatform({}, async (h) => {
    const tuesday = await run(h);
    expect(tuesday.every((quotes) => quotes.every((q) => q.symbol !== 'US500'))).toBe(true);
    const before = await h.platform.quotes();
    h.clock.current = SATURDAY;
    expect(await run(h)).toEqual([]);
    expect(await h.platform.quotes()).toEqual(before);
    h.clock.current = new Date('2030-01-21T14:00:00.000Z');
    const monday = await run(h);
    expect(monday.every((quotes) => quotes.some((q) => q.symbol === 'US500'))).toBe(true);
  }));

  it('back-fills minute bars on a fresh install, deterministically, and folds them into hours on read', async () => {
    const range = { from: new Date('2030-01-13T00:00:00.000Z'), to: new Date('2030-01-15T09:00:00.000Z'), limit: 10_000 };
    const again = await withPlatform({ backfillDays: 2 }, (b) => b.platform.bars('EURUSD', 'M1', range));
    await withPlatform({ backfillDays: 2 }, async (a) => {
      const minutes = await a.platform.bars('EURUSD', 'M1', range);
      // Sunday 22:00 to Tuesday 09:00: 35 hours of FX.
      expect(minutes).toHaveLength(35 * 60);
      expect(minutes[0]!.time).toBe('2030-01-13T22:00:00.000Z');
      expect(again).toEqual(minutes);
      // The live price goes on from the back-fill's last close.
      expect((await a.platform.quotes()).find((q) => q.symbol === 'EURUSD')!.bid).toBe(minutes.at(-1)!.close);
  
      const hours = await a.platform.bars('EURUSD', 'H1', { ...range, limit: 5 });
      expect(hours.map((bar) => bar.time)).toEqual(['04:00', '05:00', '06:00', '07:00', '08:00'].map((t) => `2030-01-15T${t}:00.000Z`));
      const lastHour = minutes.slice(-60);
      expect(hours.at(-1)).toEqual({
        time: '2030-01-15T08:00:00.000Z',
        open: lastHour[0]!.open,
        high: Math.max(...lastHour.map((m) => m.high)),
        low: Math.min(...lastHour.map((m) => m.low)),
        close: lastHour.at(-1)!.close,
      });
      const days = await a.platform.bars('EURUSD', 'D1', range);
      expect(days.map((bar) => bar.time)).toEqual(['2030-01-13T00:00:00.000Z', '2030-01-14T00:00:00.000Z', '2030-01-15T00:00:00.000Z']);
    });
  });

  it('ticks by itself every PLATFORM_TICK_MS with the simulated feed, and stops when closed', () =>
    withPlatform({ feed: 'simulated', platform: { tickMs: 50 } }, async (h) => {
      const bids: number[] = [];
      await new Promise<void>((resolve) => {
        h.platform.subscribe({
          onTick: (quotes) => {
            bids.push(quotes.find((q) => q.symbol === 'EURUSD')!.bid);
            h.clock.advance(400);
            if (bids.length === 3) resolve();
          },
        });
      });
      expect(new Set(bids).size).toBeGreaterThan(1);
      await h.platform.close();
      expect(h.platform.isLeader).toBe(false);
    }));

  it('keeps the minute bar of the live ticks', () => withPlatform({}, async (h) => {
    const ticks = await run(h);
    const bids = ticks.map((quotes) => quotes.find((q) => q.symbol === 'EURUSD')!.bid);
    const [bar] = await h.platform.bars('EURUSD', 'M1', { from: new Date('2030-01-15T09:00:00.000Z'), to: new Date('2030-01-15T09:01:00.000Z'), limit: 10 });
    expect(bar).toEqual({ time: '2030-01-15T09:00:00.000Z', open: bids[0], high: Math.max(...bids), low: Math.min(...bids), close: bids.at(-1) });
  }));
});
