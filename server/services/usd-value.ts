import type { Quote } from '../../contract/platform.ts';

/**
 * Dollars per one unit of `currency`, from the platform's quotes (mid prices): EUR and GBP through
 * EURUSD and GBPUSD, yen through USDJPY, any other through `{CUR}USD` or `USD{CUR}` if the platform
 * quotes it. A currency without a quote counts one for one: a threshold in the wrong unit is safer
 * than a client refused for a missing quote, and the catalogue has none such today.
 */
export function usdPerUnit(currency: string, quotes: readonly Quote[]): number {
  if (currency === 'USD') return 1;
  const mid = (symbol: string) => {
    const quote = quotes.find((q) => q.symbol === symbol);
    return quote ? (quote.bid + quote.ask) / 2 : undefined;
  };
  const direct = mid(`${currency}USD`);
  if (direct) return direct;
  const inverse = mid(`USD${currency}`);
  return inverse ? 1 / inverse : 1;
}

/** Minor units of `currency` in dollars (major units, not rounded). */
export function usdValue(minor: number, currency: string, precision: number, quotes: readonly Quote[]): number {
  return (minor / 10 ** precision) * usdPerUnit(currency, quotes);
}
