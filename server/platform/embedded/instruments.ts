import type { Instrument, TradingSession, TradingSymbol } from '../../../contract/platform.ts';

/** The embedded platform's instruments, with what the simulation needs beside the public specification. */
export interface SimulatedInstrument extends Instrument {
  /** The price the history back-fill starts from. */
  start_price: number;
  /** Annualised volatility of the geometric Brownian motion. */
  volatility: number;
  /** Bid/ask spread in price units. */
  spread: number;
}

const DAY = 1440;
const week = (days: number[], open: number, close: number): TradingSession[] => days.map((day) => ({ day, open_minute: open, close_minute: close }));

/** FX: Sunday 22:00 to Friday 22:00 UTC without a break. */
const FX_SESSIONS: TradingSession[] = [...week([0], 22 * 60, DAY), ...week([1, 2, 3, 4], 0, DAY), ...week([5], 0, 22 * 60)];
/** Gold: as FX but an hour later on Sunday, and a daily break 22:00-23:00 UTC. */
const GOLD_SESSIONS: TradingSession[] = [
  ...week([0], 23 * 60, DAY),
  ...[1, 2, 3, 4].flatMap((day) => [...week([day], 0, 22 * 60), ...week([day], 23 * 60, DAY)]),
  ...week([5], 0, 22 * 60),
];
/** The index: the New York cash session, Monday to Friday 13:30-20:00 UTC. */
const INDEX_SESSIONS: TradingSession[] = week([1, 2, 3, 4, 5], 13 * 60 + 30, 20 * 60);

const fx = (symbol: TradingSymbol, digits: number, start_price: number, volatility: number, spread: number): SimulatedInstrument => ({
  symbol,
  digits,
  contract_size: 100_000,
  volume_min: 0.01,
  volume_step: 0.01,
  volume_max: 100,
  margin_currency: symbol.slice(0, 3),
  profit_currency: symbol.slice(3, 6),
  sessions: FX_SESSIONS,
  start_price,
  volatility,
  spread,
});

export const INSTRUMENTS: readonly SimulatedInstrument[] = [
  fx('EURUSD', 5, 1.085, 0.07, 0.00012),
  fx('GBPUSD', 5, 1.265, 0.08, 0.00015),
  fx('USDJPY', 3, 151.5, 0.09, 0.012),
  {
    symbol: 'XAUUSD',
    digits: 2,
    contract_size: 100,
    volume_min: 0.01,
    volume_step: 0.01,
    volume_max: 50,
    margin_currency: 'USD',
    profit_currency: 'USD',
    sessions: GOLD_SESSIONS,
    start_price: 2350,
    volatility: 0.15,
    spread: 0.3,
  },
  {
    symbol: 'US500',
    digits: 1,
    contract_size: 1,
    volume_min: 0.1,
    volume_step: 0.1,
    volume_max: 500,
    margin_currency: 'USD',
    profit_currency: 'USD',
    sessions: INDEX_SESSIONS,
    start_price: 5200,
    volatility: 0.18,
    spread: 0.5,
  },
];

const BY_SYMBOL = new Map(INSTRUMENTS.map((i) => [i.symbol, i]));

export function instrumentOf(symbol: string): SimulatedInstrument | undefined {
  return BY_SYMBOL.get(symbol as TradingSymbol);
}

/** The public specification, without the simulation's parameters. */
export function publicInstrument({ start_price: _p, volatility: _v, spread: _s, ...spec }: SimulatedInstrument): Instrument {
  return spec;
}

/** True when `instrument` trades at `time` (UTC). */
export function isTrading(instrument: Instrument, time: Date): boolean {
  const day = time.getUTCDay();
  const minute = time.getUTCHours() * 60 + time.getUTCMinutes();
  return instrument.sessions.some((s) => s.day === day && minute >= s.open_minute && minute < s.close_minute);
}

/** A price on the instrument's grid of digits. */
export function roundPrice(instrument: Instrument, price: number): number {
  return Number(price.toFixed(instrument.digits));
}

/** True when `volume` lies within min..max on the step grid (to a millionth of a step: lots are decimals). */
export function validVolume(instrument: Instrument, volume: number): boolean {
  if (!Number.isFinite(volume) || volume < instrument.volume_min - 1e-9 || volume > instrument.volume_max + 1e-9) return false;
  const steps = volume / instrument.volume_step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}
