import { LANGUAGES, type Locale } from '../../contract/locales';
import { typedAmountToDecimal } from '../../contract/money';
import type { Instrument, Quote, Side } from '../../contract/platform';

/**
 * What the order ticket and the position's stops check before a request goes out: the same
 * rules the platform applies, so a person sees the problem on the field at once. The server
 * stays the judge (its refusal is shown on the same field).
 */

/** Why a typed number was refused; each maps to a translated message in the app. */
export type VolumeProblem = 'required' | 'numeric' | 'min' | 'max' | 'step';
export type StopProblem = 'numeric' | 'digits' | 'stop_loss_side' | 'take_profit_side';

export type Parsed<P> = { ok: true; value: number } | { ok: false; problem: P };

/** "0,05" in ru or ua, "0.05" everywhere: a positive decimal as a number, or why not. */
function readDecimal(text: string, locale: Locale): { ok: true; decimal: string } | { ok: false } {
  const typed = typedAmountToDecimal(text, locale);
  if (!typed.ok || !/^\d+(\.\d+)?$/.test(typed.decimal)) return { ok: false };
  return { ok: true, decimal: typed.decimal };
}

/** Volume in lots on the instrument's grid: at least `volume_min`, at most `volume_max`, a whole number of steps. */
export function parseVolume(text: string, instrument: Instrument, locale: Locale): Parsed<VolumeProblem> {
  if (text.trim() === '') return { ok: false, problem: 'required' };
  const read = readDecimal(text, locale);
  if (!read.ok) return { ok: false, problem: 'numeric' };
  const value = Number(read.decimal);
  if (value < instrument.volume_min) return { ok: false, problem: 'min' };
  if (value > instrument.volume_max) return { ok: false, problem: 'max' };
  const steps = value / instrument.volume_step;
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return { ok: false, problem: 'step' };
  return { ok: true, value: roundTo(value, decimalsOf(instrument.volume_step)) };
}

/**
 * An optional stop price: empty is none (null); else a price with at most the instrument's digits,
 * on the right side of the price the position would close at (`closePrice`: the bid for a buy,
 * the ask for a sell). A buy's stop-loss is below it and its take-profit above; a sell's the reverse.
 */
export function parseStop(
  text: string,
  kind: 'stop_loss' | 'take_profit',
  side: Side,
  closePrice: number | null,
  instrument: Instrument,
  locale: Locale,
): { ok: true; value: number | null } | { ok: false; problem: StopProblem } {
  if (text.trim() === '') return { ok: true, value: null };
  const read = readDecimal(text, locale);
  if (!read.ok) return { ok: false, problem: 'numeric' };
  if ((read.decimal.split('.')[1] ?? '').replace(/0+$/, '').length > instrument.digits) return { ok: false, problem: 'digits' };
  const value = Number(read.decimal);
  if (value <= 0) return { ok: false, problem: 'numeric' };
  if (closePrice !== null) {
    const below = (kind === 'stop_loss') === (side === 'buy');
    if (below ? value >= closePrice : value <= closePrice) return { ok: false, problem: kind === 'stop_loss' ? 'stop_loss_side' : 'take_profit_side' };
  }
  return { ok: true, value };
}

/** The price a position of `side` opens at (the ask for a buy) and closes at (the bid for a buy). */
export const openPrice = (quote: Quote, side: Side) => (side === 'buy' ? quote.ask : quote.bid);
export const closePrice = (quote: Quote, side: Side) => (side === 'buy' ? quote.bid : quote.ask);

/**
 * How many units of `to` one unit of `from` is worth, from the quotes of currency pairs
 * (EURUSD, USDJPY…): direct, inverted, or through USD; null when the quotes cannot tell.
 */
export function conversionRate(from: string, to: string, quotes: readonly Quote[]): number | null {
  if (from === to) return 1;
  const mid = (symbol: string) => {
    const quote = quotes.find((q) => q.symbol === symbol);
    return quote ? (quote.bid + quote.ask) / 2 : null;
  };
  const direct = mid(`${from}${to}`);
  if (direct !== null) return direct;
  const inverse = mid(`${to}${from}`);
  if (inverse !== null && inverse !== 0) return 1 / inverse;
  if (from !== 'USD' && to !== 'USD') {
    const viaUsd = conversionRate(from, 'USD', quotes);
    const onward = viaUsd === null ? null : conversionRate('USD', to, quotes);
    if (viaUsd !== null && onward !== null) return viaUsd * onward;
  }
  return null;
}

/**
 * The margin an order would hold, in minor units of the account's currency: the position's value
 * at the opening price (in the profit currency) over the leverage, converted at mid prices.
 * A preview; the platform's own figure comes with the position.
 */
export function requiredMargin(
  instrument: Instrument,
  volume: number,
  price: number,
  leverage: number,
  account: { currency: string; precision: number },
  quotes: readonly Quote[],
): number | null {
  const rate = conversionRate(instrument.profit_currency, account.currency, quotes);
  if (rate === null || leverage <= 0) return null;
  return Math.round(((volume * instrument.contract_size * price) / leverage) * rate * 10 ** account.precision);
}

/** A price as the instrument writes it: its digits, always ("1.08000", "157.250"). */
export const priceText = (value: number, digits: number) => value.toFixed(digits);

/** A number as a person types it in `locale`, for a field's first text ("1.08000" in en, "1,08000" in ru). */
export const typedText = (value: number, digits: number, locale: Locale) => value.toFixed(digits).replace('.', LANGUAGES[locale].typed.decimal[0] ?? '.');

function decimalsOf(step: number): number {
  const text = String(step);
  return text.includes('e-') ? Number(text.split('e-')[1]) : (text.split('.')[1] ?? '').length;
}

function roundTo(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}
