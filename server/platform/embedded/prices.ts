import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import type { Bar, Quote, TradingSymbol } from '../../../contract/platform.ts';
import { isTrading, roundPrice, type SimulatedInstrument } from './instruments.ts';

/** Seconds in the year the volatilities are quoted over: 252 trading days, counted around the clock. */
const YEAR_SECONDS = 252 * 86_400;
/** A gap longer than this (a restart, a lost lock) moves the price as this much time would: no jump on resuming. */
const MAX_STEP_SECONDS = 60;

/** Standard normal draws from a seeded generator (Box–Muller). */
class Normal {
  private spare: number | null = null;
  constructor(private readonly rng: RandomGenerator) {}
  next(): number {
    if (this.spare !== null) {
      const value = this.spare;
      this.spare = null;
      return value;
    }
    const u = 1 - uniformFloat64(this.rng);
    const v = uniformFloat64(this.rng);
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }
}

/** One seed per instrument and purpose, so adding an instrument or a back-fill day moves no other path. */
function streamSeed(seed: number, symbol: string, purpose: 'live' | 'history'): number {
  let h = seed | 0;
  for (const ch of `${symbol}:${purpose}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x5bd1e995) ^ (h >>> 15);
  return h | 0;
}

/** One step of geometric Brownian motion over `seconds`. */
function gbm(price: number, volatility: number, seconds: number, z: number): number {
  const dt = seconds / YEAR_SECONDS;
  return price * Math.exp(-0.5 * volatility * volatility * dt + volatility * Math.sqrt(dt) * z);
}

function quoteAt(instrument: SimulatedInstrument, mid: number, time: Date): Quote {
  const bid = roundPrice(instrument, mid - instrument.spread / 2);
  return { symbol: instrument.symbol, bid, ask: roundPrice(instrument, bid + instrument.spread), time: time.toISOString() };
}

interface Track {
  instrument: SimulatedInstrument;
  normal: Normal;
  mid: number;
  last: number | null;
}

/**
 * The live prices: a seeded geometric Brownian motion per instrument with its own volatility and
 * a fixed spread, moving only while the instrument trades. The same seed, starting prices and
 * sequence of step times give the same quotes.
 */
export class PriceSimulation {
  private readonly tracks = new Map<TradingSymbol, Track>();

  constructor(seed: number, instruments: readonly SimulatedInstrument[]) {
    for (const instrument of instruments) {
      this.tracks.set(instrument.symbol, {
        instrument,
        normal: new Normal(xoroshiro128plus(streamSeed(seed, instrument.symbol, 'live'))),
        mid: instrument.start_price,
        last: null,
      });
    }
  }

  /** Continues from a stored bid (the latest quote, or the back-fill's last close). */
  resumeFrom(symbol: TradingSymbol, bid: number): void {
    const track = this.tracks.get(symbol);
    if (track) track.mid = bid + track.instrument.spread / 2;
  }

  /** Moves every trading instrument to `now`; answers the new quotes (none outside trading hours). */
  step(now: Date): Quote[] {
    const quotes: Quote[] = [];
    const t = now.getTime();
    for (const track of this.tracks.values()) {
      if (!isTrading(track.instrument, now)) {
        track.last = null;
        continue;
      }
      const seconds = track.last === null ? 1 : Math.min(MAX_STEP_SECONDS, Math.max(0, (t - track.last) / 1000));
      track.last = t;
      if (seconds > 0) track.mid = gbm(track.mid, track.instrument.volatility, seconds, track.normal.next());
      quotes.push(quoteAt(track.instrument, track.mid, now));
    }
    return quotes;
  }

  /** The current quote of each instrument, trading or not (what a fresh install stores first). */
  current(now: Date): Quote[] {
    return [...this.tracks.values()].map((track) => quoteAt(track.instrument, track.mid, now));
  }
}

const MINUTE = 60_000;
const SUBSTEPS = 4;

/**
 * Minute bars of bid prices in [from, to) (minute-aligned), from the instrument's starting price,
 * along a path of its own seed: the same seed and range give the same bars. Minutes outside
 * trading hours have no bar. Four steps a minute give each bar its high and low.
 */
export function historyBars(seed: number, instrument: SimulatedInstrument, from: Date, to: Date): Bar[] {
  const normal = new Normal(xoroshiro128plus(streamSeed(seed, instrument.symbol, 'history')));
  const bars: Bar[] = [];
  const half = instrument.spread / 2;
  let mid = instrument.start_price;
  for (let t = Math.ceil(from.getTime() / MINUTE) * MINUTE; t < to.getTime(); t += MINUTE) {
    const time = new Date(t);
    if (!isTrading(instrument, time)) continue;
    const open = mid - half;
    let high = open;
    let low = open;
    for (let i = 0; i < SUBSTEPS; i += 1) {
      mid = gbm(mid, instrument.volatility, 60 / SUBSTEPS, normal.next());
      high = Math.max(high, mid - half);
      low = Math.min(low, mid - half);
    }
    bars.push({
      time: time.toISOString(),
      open: roundPrice(instrument, open),
      high: roundPrice(instrument, high),
      low: roundPrice(instrument, low),
      close: roundPrice(instrument, mid - half),
    });
  }
  return bars;
}
