import { useSyncExternalStore } from 'react';
import type { Quote, TradingSymbol } from '../../../contract/platform';

/**
 * The latest quote of each symbol while an account page is open: seeded from GET /api/platform,
 * then moved by `price.tick` on the public `prices` channel. A quote older than the one held
 * (a late seed after a tick) is ignored.
 */
type Listener = () => void;
let quotes: ReadonlyMap<TradingSymbol, Quote> = new Map();
const listeners = new Set<Listener>();

export function mergeQuotes(incoming: readonly Quote[]): void {
  let next: Map<TradingSymbol, Quote> | null = null;
  for (const quote of incoming) {
    const held = (next ?? quotes).get(quote.symbol);
    if (held && Date.parse(held.time) > Date.parse(quote.time)) continue;
    next ??= new Map(quotes);
    next.set(quote.symbol, quote);
  }
  if (!next) return;
  quotes = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveQuotes(): ReadonlyMap<TradingSymbol, Quote> {
  return useSyncExternalStore(subscribe, () => quotes);
}

/** Tests: the next page starts without quotes held. */
export function resetQuotes(): void {
  quotes = new Map();
}
