import type { Bar, Quote, Timeframe, TradingSymbol } from '../../../contract/platform.ts';
import { INSTRUMENTS } from './instruments.ts';
import { historyBars } from './prices.ts';
import type { PlatformBarsTable, PlatformDb } from './tables.ts';

const MINUTE = 60_000;
const TIMEFRAME_MS: Record<Timeframe, number> = { M1: MINUTE, M15: 15 * MINUTE, H1: 60 * MINUTE, D1: 1440 * MINUTE };
/** Rows per INSERT: under SQLite's 32,766 bound parameters (7 columns a row) and quick to plan on PostgreSQL. */
const BATCH = 2_000;

export interface BackfillResult {
  rows: number;
  ms: number;
}

/**
 * A fresh install's history: `days` of minute bars up to `now` for every instrument, so charts are
 * never empty. Deterministic for a seed and a `now`. Answers the last bid of each instrument, for
 * the live simulation to continue from.
 */
export async function backfill(db: PlatformDb, seed: number, now: Date, days: number): Promise<BackfillResult & { last: Map<TradingSymbol, number> }> {
  const started = performance.now();
  const to = new Date(Math.floor(now.getTime() / MINUTE) * MINUTE);
  const from = new Date(to.getTime() - days * 1440 * MINUTE);
  const last = new Map<TradingSymbol, number>();
  let rows = 0;
  await db.transaction().execute(async (trx) => {
    for (const instrument of INSTRUMENTS) {
      const bars = historyBars(seed, instrument, from, to);
      const close = bars.at(-1)?.close;
      if (close !== undefined) last.set(instrument.symbol, close);
      for (let i = 0; i < bars.length; i += BATCH) {
        const values: PlatformBarsTable[] = bars.slice(i, i + BATCH).map((bar) => ({ symbol: instrument.symbol, timeframe: 'M1', ...bar }));
        await trx.insertInto('platform_bars').values(values).onConflict((oc) => oc.doNothing()).execute();
      }
      rows += bars.length;
    }
  });
  return { rows, ms: performance.now() - started, last };
}

/** The minute bar each instrument is building, written on every tick. */
export class LiveBars {
  private readonly current = new Map<TradingSymbol, Bar>();

  /** Folds the quotes into their minute bars; answers the bars to write. */
  update(quotes: readonly Quote[]): Array<PlatformBarsTable> {
    const out: PlatformBarsTable[] = [];
    for (const quote of quotes) {
      const minute = new Date(Math.floor(Date.parse(quote.time) / MINUTE) * MINUTE).toISOString();
      const bar = this.current.get(quote.symbol);
      const next: Bar =
        bar && bar.time === minute
          ? { ...bar, high: Math.max(bar.high, quote.bid), low: Math.min(bar.low, quote.bid), close: quote.bid }
          : { time: minute, open: quote.bid, high: quote.bid, low: quote.bid, close: quote.bid };
      this.current.set(quote.symbol, next);
      out.push({ symbol: quote.symbol, timeframe: 'M1', ...next });
    }
    return out;
  }

  /** Picks up a minute bar another leader had started, so a takeover keeps its open, high and low. */
  resume(symbol: TradingSymbol, bar: Bar): void {
    this.current.set(symbol, bar);
  }
}

export async function writeBars(db: PlatformDb, bars: PlatformBarsTable[]): Promise<void> {
  if (bars.length === 0) return;
  await db
    .insertInto('platform_bars')
    .values(bars)
    .onConflict((oc) =>
      oc.columns(['symbol', 'timeframe', 'time']).doUpdateSet((eb) => ({
        high: eb.ref('excluded.high'),
        low: eb.ref('excluded.low'),
        close: eb.ref('excluded.close'),
      })),
    )
    .execute();
}

/**
 * Bars in [from, to), oldest first, at most `limit` (the newest). Longer timeframes are folded from
 * minute bars on read; only the span that can hold `limit` of them is read (twice it, for the
 * closed hours a span contains).
 */
export async function readBars(db: PlatformDb, symbol: TradingSymbol, timeframe: Timeframe, range: { from: Date; to: Date; limit: number }): Promise<Bar[]> {
  const size = TIMEFRAME_MS[timeframe];
  const limit = Math.max(0, Math.floor(range.limit));
  if (limit === 0 || range.to <= range.from) return [];
  if (timeframe === 'M1') {
    const rows = await db
      .selectFrom('platform_bars')
      .select(['time', 'open', 'high', 'low', 'close'])
      .where('symbol', '=', symbol)
      .where('timeframe', '=', 'M1')
      .where('time', '>=', range.from.toISOString())
      .where('time', '<', range.to.toISOString())
      .orderBy('time', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse();
  }
  const to = Math.ceil(range.to.getTime() / size) * size;
  const from = Math.max(range.from.getTime(), to - size * limit * 2);
  const rows = await db
    .selectFrom('platform_bars')
    .select(['time', 'open', 'high', 'low', 'close'])
    .where('symbol', '=', symbol)
    .where('timeframe', '=', 'M1')
    .where('time', '>=', new Date(from).toISOString())
    .where('time', '<', range.to.toISOString())
    .orderBy('time', 'asc')
    .execute();
  return aggregate(rows, size).slice(-limit);
}

/** Folds ascending bars into buckets of `size` ms aligned on the Unix epoch (UTC days for D1). */
export function aggregate(rows: readonly Bar[], size: number): Bar[] {
  const out: Bar[] = [];
  let bar: Bar | undefined;
  for (const row of rows) {
    const bucket = new Date(Math.floor(Date.parse(row.time) / size) * size).toISOString();
    if (bar && bar.time === bucket) {
      bar.high = Math.max(bar.high, row.high);
      bar.low = Math.min(bar.low, row.low);
      bar.close = row.close;
    } else {
      bar = { time: bucket, open: row.open, high: row.high, low: row.low, close: row.close };
      out.push(bar);
    }
  }
  return out;
}
