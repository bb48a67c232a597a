import type { Deal, Side, TradingSymbol } from '../../../contract/platform.ts';
import { PlatformError } from '../port.ts';
import { INSTRUMENTS, instrumentOf, isTrading, roundPrice } from './instruments.ts';
import { addToBalance, insertDeal, lockAccount, readQuotes } from './store.ts';
import type { PlatformDb } from './tables.ts';
import { profitOf } from './valuation.ts';

/** A position opened and closed in the past, as the demo seed tells it. */
export interface PastTrade {
  symbol: TradingSymbol;
  side: Side;
  volume: number;
  openTime: Date;
  closeTime: Date;
  /** The fill prices: the ask then the bid for a buy, the bid then the ask for a sell. */
  openPrice: number;
  closePrice: number;
}

/**
 * Writing an account's past, for the demo seed only: not part of the port (a real platform's
 * history is its own and nobody books into it backwards). Through the port, the seed's money
 * would arrive today and its curve would show months of deposits landing at once; here each
 * deal carries the time of the ledger entry it stands for, the account its opening day, and a
 * few closed trades give the deals list, the results and the curve something to show.
 */
export interface PlatformHistory {
  /** Dates the account's opening back (the daily reports start there). */
  openedAt(login: string, at: Date): Promise<void>;
  /** A balance deal at `at`, as `balance()` books it now (the same reference twice answers the first). */
  balanceAt(operation: { login: string; amount: number; reference: string }, at: Date): Promise<{ ticket: number }>;
  /** The `in` and `out` deals of a trade, its profit (at today's cross rates) added to the balance. */
  closedTrade(login: string, trade: PastTrade): Promise<Deal>;
}

export function platformHistory(db: PlatformDb): PlatformHistory {
  return {
    async openedAt(login, at) {
      await db.updateTable('platform_accounts').set({ created_at: at.toISOString() }).where('login', '=', login).execute();
    },

    async balanceAt({ login, amount, reference }, at) {
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, login);
        const first = await trx.selectFrom('platform_deals').select('ticket').where('login', '=', login).where('reference', '=', reference).executeTakeFirst();
        if (first) return first;
        const ticket = await insertDeal(trx, {
          login,
          time: at.toISOString(),
          kind: 'balance',
          entry: null,
          reason: 'balance',
          symbol: null,
          volume: null,
          price: null,
          position_ticket: null,
          profit: amount,
          comment: reference,
          reference,
        });
        await addToBalance(trx, login, amount, at);
        return { ticket };
      });
    },

    async closedTrade(login, trade) {
      const instrument = instrumentOf(trade.symbol);
      if (!instrument) throw new PlatformError('unknown_symbol');
      if (!isTrading(instrument, trade.openTime) || !isTrading(instrument, trade.closeTime) || trade.closeTime <= trade.openTime) {
        throw new Error(`A past ${trade.symbol} trade must open and close while its market trades`);
      }
      const open = roundPrice(instrument, trade.openPrice);
      const close = roundPrice(instrument, trade.closePrice);
      return db.transaction().execute(async (trx) => {
        const account = await lockAccount(trx, login);
        const profit = profitOf(instrument, trade.side, trade.volume, open, close, account, await conversionQuotes(trx));
        // A position ticket nobody holds any more: the next free one, as the platform would have given it.
        const { ticket: position } = await trx
          .insertInto('platform_positions')
          .values({ login, symbol: trade.symbol, side: trade.side, volume: trade.volume, open_price: open, open_time: trade.openTime.toISOString(), stop_loss: null, take_profit: null })
          .returning('ticket')
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('platform_positions').where('ticket', '=', position).execute();
        const base = { login, symbol: trade.symbol, volume: trade.volume, position_ticket: position, comment: '', reference: null };
        await insertDeal(trx, { ...base, time: trade.openTime.toISOString(), kind: trade.side, entry: 'in', reason: 'client', price: open, profit: 0 });
        const out = {
          ...base,
          time: trade.closeTime.toISOString(),
          kind: trade.side === 'buy' ? ('sell' as const) : ('buy' as const),
          entry: 'out' as const,
          reason: 'client' as const,
          price: close,
          profit,
        };
        const ticket = await insertDeal(trx, out);
        await addToBalance(trx, login, profit, trade.closeTime);
        return { ticket, time: out.time, kind: out.kind, entry: out.entry, reason: out.reason, symbol: out.symbol, volume: out.volume, price: close, position_ticket: position, profit, comment: '' };
      });
    },
  };
}

/**
 * The rates a past trade's profit converts at: the stored quotes, and for a symbol the simulation has
 * not quoted yet (a process seeding before the leader's first tick) the instrument's starting price.
 */
async function conversionQuotes(db: PlatformDb) {
  const quotes = await readQuotes(db);
  const now = new Date(0).toISOString();
  for (const i of INSTRUMENTS) if (!quotes.has(i.symbol)) quotes.set(i.symbol, { symbol: i.symbol, bid: i.start_price, ask: i.start_price, time: now });
  return quotes;
}
