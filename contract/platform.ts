/**
 * The trading platform as the app sees it: instruments, quotes, positions, deals and an account's
 * live state. Shared by the server (server/platform/ port and its adapters), the machines (order
 * ticket, position) and the screens. Free of zod: the request schemas are in platform.schema.ts.
 *
 * Units: prices are decimal numbers with the instrument's `digits`; volumes are lots (a decimal
 * number on the instrument's `volume_step` grid); money is integer minor units of the account's
 * currency, like everywhere else in Traderoom.
 */

import type { TradingAccount } from './trading';

export const SYMBOLS = ['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD', 'US500', 'BTCUSD'] as const;
export type TradingSymbol = (typeof SYMBOLS)[number];

export const SIDES = ['buy', 'sell'] as const;
export type Side = (typeof SIDES)[number];

/** A weekly window in UTC in which the instrument trades: day 0 = Sunday; minutes from midnight. */
export interface TradingSession {
  day: number;
  open_minute: number;
  close_minute: number;
}

export interface Instrument {
  symbol: TradingSymbol;
  /** Digits after the decimal point of a price (EURUSD 5, USDJPY 3, XAUUSD 2, US500 1, BTCUSD 2). */
  digits: number;
  /** Units of the base per lot (100,000 for FX, 100 troy ounces for gold, 1 for the index). */
  contract_size: number;
  volume_min: number;
  volume_step: number;
  volume_max: number;
  /** The currency margin is first computed in (the base currency for FX, USD for the rest). */
  margin_currency: string;
  /** The currency profit is computed in (the quote currency). */
  profit_currency: string;
  sessions: TradingSession[];
}

export interface Quote {
  symbol: TradingSymbol;
  bid: number;
  ask: number;
  /** ISO 8601, UTC. */
  time: string;
}

/** One minute (or a longer timeframe) of bid prices. `time` is the bar's start, ISO 8601 UTC. */
export interface Bar {
  time: string;
  open: number;
  high: number;
  low: number;
  close: number;
}

export const TIMEFRAMES = ['M1', 'M15', 'H1', 'D1'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

export interface Position {
  ticket: number;
  symbol: TradingSymbol;
  side: Side;
  volume: number;
  open_price: number;
  open_time: string;
  stop_loss: number | null;
  take_profit: number | null;
  /** The price the position would close at now: the bid for a buy, the ask for a sell. */
  current_price: number;
  /** Floating profit in the account's currency, minor units, through cross rates. */
  profit: number;
  /** Margin this position holds, account currency minor units. */
  margin: number;
}

export const DEAL_KINDS = ['buy', 'sell', 'balance'] as const;
export type DealKind = (typeof DEAL_KINDS)[number];
/** Why a deal happened: the client, the platform (stop-loss, take-profit, stop-out) or money moving. */
export const DEAL_REASONS = ['client', 'stop_loss', 'take_profit', 'stop_out', 'balance'] as const;
export type DealReason = (typeof DEAL_REASONS)[number];

/**
 * A balance deal that moved the client's money (a ledger entry's: deposit, withdrawal, transfer).
 * The platform's own balance deal, the negative balance protection's correction after a stop-out
 * (reason `stop_out`), is trading's result instead: statements count it with profit and the
 * reconciliation leaves it out of the money it compares with the ledger.
 */
export const isMoneyDeal = (deal: Pick<Deal, 'kind' | 'reason'>): boolean => deal.kind === 'balance' && deal.reason === 'balance';

export interface Deal {
  ticket: number;
  time: string;
  kind: DealKind;
  /** `in` opens a position, `out` closes it; null for a balance deal. */
  entry: 'in' | 'out' | null;
  reason: DealReason;
  symbol: TradingSymbol | null;
  volume: number | null;
  price: number | null;
  /** The position the deal opened or closed. */
  position_ticket: number | null;
  /** Realised profit of an `out` deal, or the amount of a balance deal; account minor units, signed. */
  profit: number;
  /** A balance deal's ledger reference (`DEP-…`), or empty. */
  comment: string;
}

/** What the platform says about an account now. Money in the account's minor units. */
export interface AccountState {
  login: string;
  currency: string;
  precision: number;
  leverage: number;
  balance: number;
  credit: number;
  equity: number;
  margin: number;
  /** Equity less margin less `reserved`: what new trades and debits may use. */
  free_margin: number;
  /**
   * Money set aside by reservations (an IPO application's hold): still on the balance and in the
   * equity, out of the free margin. Optional only so that states built before it still type-check.
   */
  reserved?: number;
  /** Equity over margin in percent, two decimals; null while no margin is held. */
  margin_level: number | null;
  /**
   * True while the margin level is at or below the margin-call level (MARGIN_CALL_LEVEL): the
   * client is warned; at STOP_OUT_LEVEL the platform starts closing positions. Optional only so
   * that states built before it was added still type-check; the embedded platform always sets it.
   */
  margin_call?: boolean;
  /** Floating profit of the open positions. */
  profit: number;
  updated_at: string;
}

export const PASSWORD_KINDS = ['master', 'investor'] as const;
/** `master` trades; `investor` is read-only. */
export type PasswordKind = (typeof PASSWORD_KINDS)[number];

/** Where the margin call and the stop-out stand by default (MARGIN_CALL_LEVEL, STOP_OUT_LEVEL). */
export const MARGIN_CALL_LEVEL_DEFAULT = 100;
export const STOP_OUT_LEVEL_DEFAULT = 50;
/** How old (seconds) the last quote of a trading instrument may be for a fill (PLATFORM_QUOTE_MAX_AGE_SECONDS). */
export const QUOTE_MAX_AGE_SECONDS_DEFAULT = 10;

export const DEALS_PER_PAGE_DEFAULT = 50;
export const DEALS_PER_PAGE_MAX = 200;

/** Public channel: every quote change, data `PricesTick`. Echo listens with the leading dot. */
export const PRICES_CHANNEL = 'prices';
export const PRICE_TICK_EVENT = 'price.tick';
export interface PricesTick {
  quotes: Quote[];
}

/** Private channel of one account, by login: `private-account.{login}` (Echo's `private('account.' + login)`). */
export const accountChannel = (login: string) => `private-account.${login}`;
/** The account's live state and each open position's price and profit, at most once a second. */
export const ACCOUNT_STATE_EVENT = 'account.state';
export interface AccountStateUpdate {
  state: AccountState;
  positions: Array<Pick<Position, 'ticket' | 'current_price' | 'profit'>>;
}
/** A position opened or closed, or a balance deal: data `{reason}`; the app refetches positions and deals. */
export const ACCOUNT_CHANGED_EVENT = 'account.changed';
export interface AccountChanged {
  reason: DealReason | 'leverage' | 'archived';
}

// Answers of the account-page calls (/api/accounts/{login}/…); schemas in platform.schema.ts.

/** GET /api/platform: what the app shows next to prices. */
export interface PlatformInfo {
  name: string;
  simulated: boolean;
  instruments: Instrument[];
  quotes: Quote[];
  margin_call_level: number;
  stop_out_level: number;
}

/** GET /api/accounts/{login}: the account (with its nickname), its live state and open positions. */
export interface AccountDetails {
  account: TradingAccount;
  state: AccountState;
  positions: Position[];
}

/** POST /api/accounts/{login}/orders answers 201 with the opened position and its deal. */
export interface OrderResult {
  position: Position;
  deal: Deal;
}

/** POST /api/accounts/{login}/password answers the new password, once; the server keeps none of it. */
export interface PasswordResult {
  kind: PasswordKind;
  password: string;
}

/** One point of the balance and equity curve (GET /api/accounts/{login}/curve). */
export interface CurvePoint {
  time: string;
  balance: number;
  equity: number;
}

/** GET /api/accounts/{login}/statement?from&to (JSON; `.csv` for the file): a period of an account. */
export interface Statement {
  login: string;
  nickname: string | null;
  client: string;
  currency: string;
  precision: number;
  /** Inclusive UTC days. */
  from: string;
  to: string;
  opening_balance: number;
  closing_balance: number;
  deposits: number;
  withdrawals: number;
  /** Realised profit of the period's closing deals. */
  profit: number;
  deals: Deal[];
  /** Positions open at the statement's end (when `to` is today: now). */
  open_positions: Position[];
  state: AccountState;
  generated_at: string;
}

/** GET /api/analytics/trading?account_id=: results of closed positions, from deals. */
export interface TradingStats {
  account_id: number;
  currency: string;
  precision: number;
  /** Closing deals counted. */
  trades: number;
  wins: number;
  /** Percent, two decimals; null with no trades. */
  win_rate: number | null;
  /** Sum of realised profit, minor units. */
  profit: number;
  gross_profit: number;
  gross_loss: number;
  /** Largest fall of the balance from a previous peak, in minor units and in percent of that peak. */
  max_drawdown: number;
  max_drawdown_percent: number | null;
}

/** GET /api/admin/reconciliation: every account's ledger against the platform. */
export interface ReconciliationRow {
  account_id: number;
  login: string;
  client: { id: number; name: string; email: string };
  currency: string;
  precision: number;
  /** Completed ledger entries' sum. */
  ledger_balance: number;
  /** The platform's balance less realised trading profit (what money movements alone should give). */
  platform_balance: number;
  /** platform_balance − ledger_balance; 0 when in step. */
  drift: number;
  /** Completed ledger entries without a platform deal ticket. */
  missing_tickets: number;
}
export interface Reconciliation {
  checked_at: string;
  accounts: number;
  drifted: ReconciliationRow[];
}
