import type { AccountState, Position, Quote, TradingSymbol } from '../../../contract/platform.ts';
import { instrumentOf, type SimulatedInstrument } from './instruments.ts';
import type { PlatformAccountsTable, PlatformPositionsTable } from './tables.ts';

/**
 * Pure revaluation: positions' profit and margin, and an account's state, from a set of quotes.
 * Every figure the platform answers or acts on (orders, stop-outs, the ticks' account updates)
 * comes from here, so they agree to the minor unit.
 */
export type Quotes = ReadonlyMap<TradingSymbol, Quote>;

export type AccountRow = Pick<PlatformAccountsTable, 'login' | 'currency' | 'precision' | 'leverage' | 'balance'> & {
  credit: number;
  /** Money set aside by reservations: out of the free margin, still in the equity. */
  reserved?: number;
};
export type PositionRow = Omit<PlatformPositionsTable, 'ticket'> & { ticket: number };

export class MissingQuote extends Error {
  override name = 'MissingQuote';
}

const mid = (quotes: Quotes, symbol: TradingSymbol) => {
  const quote = quotes.get(symbol);
  if (!quote) throw new MissingQuote(symbol);
  return (quote.bid + quote.ask) / 2;
};

/**
 * US dollars per unit of `currency`, from the majors' mid prices: conversions go through the
 * dollar as a platform's cross rates do. Mid rather than bid or ask keeps a conversion symmetric.
 */
export function usdValue(currency: string, quotes: Quotes): number {
  switch (currency) {
    case 'USD':
      return 1;
    case 'EUR':
      return mid(quotes, 'EURUSD');
    case 'GBP':
      return mid(quotes, 'GBPUSD');
    case 'JPY':
      return 1 / mid(quotes, 'USDJPY');
    default:
      throw new MissingQuote(`no rate for ${currency}`);
  }
}

export function convert(amount: number, from: string, to: string, quotes: Quotes): number {
  return from === to ? amount : (amount * usdValue(from, quotes)) / usdValue(to, quotes);
}

/** The price a position closes at now: the bid for a buy, the ask for a sell. */
export function closePrice(side: PositionRow['side'], quote: Quote): number {
  return side === 'buy' ? quote.bid : quote.ask;
}

const toMinor = (amount: number, precision: number) => Math.round(amount * 10 ** precision);

/** Profit of `volume` lots from `open` to `close`, in the account's minor units. */
export function profitOf(instrument: SimulatedInstrument, side: PositionRow['side'], volume: number, open: number, close: number, account: AccountRow, quotes: Quotes): number {
  const direction = side === 'buy' ? 1 : -1;
  const inProfitCurrency = direction * (close - open) * volume * instrument.contract_size;
  return toMinor(convert(inProfitCurrency, instrument.profit_currency, account.currency, quotes), account.precision);
}

/**
 * Margin by leverage in the account's minor units. FX: lots × contract in the base currency;
 * CFDs (gold, the index, margin currency = profit currency): lots × contract × open price.
 */
export function marginOf(instrument: SimulatedInstrument, volume: number, openPrice: number, account: AccountRow, quotes: Quotes): number {
  const notional = volume * instrument.contract_size * (instrument.margin_currency === instrument.profit_currency ? openPrice : 1);
  return toMinor(convert(notional / account.leverage, instrument.margin_currency, account.currency, quotes), account.precision);
}

export function valuePosition(row: PositionRow, account: AccountRow, quotes: Quotes): Position {
  const instrument = instrumentOf(row.symbol)!;
  const quote = quotes.get(row.symbol);
  if (!quote) throw new MissingQuote(row.symbol);
  const current = closePrice(row.side, quote);
  return {
    ticket: row.ticket,
    symbol: row.symbol,
    side: row.side,
    volume: row.volume,
    open_price: row.open_price,
    open_time: row.open_time,
    stop_loss: row.stop_loss,
    take_profit: row.take_profit,
    current_price: current,
    profit: profitOf(instrument, row.side, row.volume, row.open_price, current, account, quotes),
    margin: marginOf(instrument, row.volume, row.open_price, account, quotes),
  };
}

/** Equity over margin in percent, two decimals; null without margin. */
export function marginLevel(equity: number, margin: number): number | null {
  return margin > 0 ? Math.round((equity / margin) * 10_000) / 100 : null;
}

export function stateOf(account: AccountRow, positions: readonly Position[], now: Date, marginCallLevel: number): AccountState {
  let profit = 0;
  let margin = 0;
  for (const p of positions) {
    profit += p.profit;
    margin += p.margin;
  }
  const equity = account.balance + account.credit + profit;
  const level = marginLevel(equity, margin);
  const reserved = Number(account.reserved ?? 0);
  return {
    login: account.login,
    currency: account.currency,
    precision: account.precision,
    leverage: account.leverage,
    balance: account.balance,
    credit: account.credit,
    equity,
    margin,
    free_margin: equity - margin - reserved,
    reserved,
    margin_level: level,
    margin_call: level !== null && level <= marginCallLevel,
    profit,
    updated_at: now.toISOString(),
  };
}
