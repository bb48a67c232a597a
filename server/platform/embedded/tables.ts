import type { Generated, Kysely } from 'kysely';
import type { AccountType } from '../../../contract/trading.ts';
import type { DealKind, DealReason, Side, TradingSymbol } from '../../../contract/platform.ts';

/**
 * The embedded platform's own tables (`platform_*`, migration 0015), kept apart from Traderoom's
 * schema (server/db/schema.ts) as a separate system's would be: nothing outside server/platform reads them.
 *
 * Money is bigint minor units of the account's currency. Prices and volumes are doubles: every
 * price is rounded to its instrument's digits before it is written, so the stored double is the
 * nearest one to the decimal and reads back as the same number JSON carries, without parsing text
 * on every revaluation; no sum of prices is ever kept. Times are ISO-8601 UTC text, as elsewhere.
 */
export interface PlatformAccountsTable {
  login: string;
  grp: AccountType;
  currency: string;
  precision: number;
  leverage: number;
  name: string;
  balance: number;
  credit: Generated<number>;
  /** Sum of the account's reservations (platform_reservations), kept in the same transaction as they change. */
  reserved: Generated<number>;
  status: 'active' | 'archived';
  /** argon2id PHC strings; null until set. */
  master_hash: string | null;
  investor_hash: string | null;
  created_at: string;
  updated_at: string;
}

export interface PlatformPositionsTable {
  ticket: Generated<number>;
  login: string;
  symbol: TradingSymbol;
  side: Side;
  volume: number;
  open_price: number;
  open_time: string;
  stop_loss: number | null;
  take_profit: number | null;
}

export interface PlatformDealsTable {
  ticket: Generated<number>;
  login: string;
  time: string;
  kind: DealKind;
  entry: 'in' | 'out' | null;
  reason: DealReason;
  symbol: TradingSymbol | null;
  volume: number | null;
  price: number | null;
  position_ticket: number | null;
  profit: number;
  comment: string;
  /** A balance deal's ledger reference, unique per login (a retry answers the first deal); null for trades. */
  reference: string | null;
}

/** Money set aside on an account under a caller's reference (migration 0024): the free margin excludes it. */
export interface PlatformReservationsTable {
  login: string;
  reference: string;
  amount: number;
  updated_at: string;
}

/** The latest quote per symbol, written by the process that runs the simulation; any process fills orders from it. */
export interface PlatformQuotesTable {
  symbol: TradingSymbol;
  bid: number;
  ask: number;
  time: string;
}

/**
 * Bid bars, minute bars only (longer timeframes are folded on read): 30 days of them back-fill in
 * 1.5 s on SQLite and 3.7 s on PostgreSQL (`npm run bench`), so no coarser history is kept.
 */
export interface PlatformBarsTable {
  symbol: TradingSymbol;
  timeframe: 'M1';
  time: string;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Balance and equity of an account at the end of a UTC day (`day` YYYY-MM-DD), for the daily reports. */
export interface PlatformEquityTable {
  login: string;
  day: string;
  balance: number;
  equity: number;
}

export interface PlatformTables {
  platform_accounts: PlatformAccountsTable;
  platform_positions: PlatformPositionsTable;
  platform_deals: PlatformDealsTable;
  platform_quotes: PlatformQuotesTable;
  platform_bars: PlatformBarsTable;
  platform_equity: PlatformEquityTable;
  platform_reservations: PlatformReservationsTable;
}

export type PlatformDb = Kysely<PlatformTables>;
