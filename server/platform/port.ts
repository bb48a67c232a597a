import type { AccountType, LedgerKind, Paged } from '../../contract/trading.ts';
import type {
  AccountState,
  AccountStateUpdate,
  Bar,
  Deal,
  DealReason,
  Instrument,
  PasswordKind,
  Position,
  Quote,
  Side,
  Timeframe,
  TradingSymbol,
} from '../../contract/platform.ts';

/**
 * Everything Traderoom asks of a trading platform, and nothing more. One adapter per platform:
 * `embedded` (server/platform/embedded/, the default: a working platform in this process and
 * database), and the mapping onto MetaTrader 5's Web API and cTrader's Open API is written down
 * call by call in docs/platforms.md. Chosen by PLATFORM.
 *
 * Money crosses this port in minor units of the account's currency; prices as decimal numbers;
 * volumes in lots. Every call that names an account takes its login; the caller (a service) has
 * already checked that the login belongs to the user it acts for.
 */
export interface TradingPlatform {
  readonly name: string;
  /** True when prices are not a market's: the app says so next to every price. */
  readonly simulated: boolean;

  instruments(): Instrument[];
  quotes(): Promise<Quote[]>;
  /** Bars of bid prices in [from, to), oldest first; at most `limit` (the newest ones). */
  bars(symbol: TradingSymbol, timeframe: Timeframe, range: { from: Date; to: Date; limit: number }): Promise<Bar[]>;

  /** Opens an account in the group for its type and answers its login. */
  openAccount(spec: PlatformAccountSpec): Promise<{ login: string }>;
  state(login: string): Promise<AccountState>;
  /** The states of several accounts at once (a client's list, the reconciliation). Unknown logins are left out. */
  states(logins: string[]): Promise<Map<string, AccountState>>;
  /**
   * A balance deal: money in (positive) or out (negative) with the ledger entry's reference as its
   * comment. A debit larger than the free margin is refused (`no_money`). Answers the deal's ticket.
   * The same reference twice answers the first deal (a retry after a lost answer moves money once).
   * A debit whose reference names a reservation (`reserve`) takes its money from it first, and the
   * reservation ends with the deal: money set aside for it is not refused for being set aside.
   */
  balance(operation: BalanceOperation): Promise<{ ticket: number }>;
  /**
   * Sets aside `amount` (minor units, ≥ 0) of the account's money under `reference`: the free margin
   * excludes every reservation (the state's `reserved`), so new trades, leverage changes and balance
   * debits cannot use it, while the money stays on the balance (it is not spent) and the stop-out
   * still reads equity over margin. Setting a reference again replaces its amount (a retry changes
   * nothing); 0 ends it. A rise beyond the free margin is refused (`no_money`, with the free margin
   * the reference could reach); a fall is never refused. Traderoom keeps IPO holds in step with it
   * (docs/adr/0086).
   */
  reserve(login: string, reference: string, amount: number): Promise<void>;
  /** Ends a reservation; nothing when there is none (idempotent). */
  release(login: string, reference: string): Promise<void>;
  /** Refused with `margin_exceeds_equity` when the open positions' margin at the new leverage would exceed equity. */
  setLeverage(login: string, leverage: number): Promise<AccountState>;
  /** The platform keeps only what it needs to check the password (a hash, in the embedded one). */
  setPassword(login: string, kind: PasswordKind, password: string): Promise<void>;
  /** Refused with `has_positions` or `has_balance` unless the account is flat and empty. */
  archive(login: string): Promise<void>;

  positions(login: string): Promise<Position[]>;
  /**
   * A market order, filled at the ask (buy) or the bid (sell). Refused with `unavailable`
   * (`no_prices`) while the instrument trades but its last quote is too old; `closePosition` too.
   */
  placeOrder(login: string, order: MarketOrder): Promise<{ position: Position; deal: Deal }>;
  modifyPosition(login: string, ticket: number, stops: Stops): Promise<Position>;
  closePosition(login: string, ticket: number): Promise<Deal>;
  /** Deals in [from, to), newest first. */
  deals(login: string, query: DealQuery): Promise<Paged<Deal>>;
  /**
   * Lots traded (buy and sell deals, opening and closing) by the accounts in [from, to), summed by
   * the platform per account and per UTC day: statistics over many accounts without reading every deal.
   */
  dealVolumes(logins: readonly string[], range: { from: Date; to: Date }): Promise<DealVolumes>;
  /** Balance and equity at the end of each UTC day in [from, to], then now (MT5's daily reports). */
  dailyReports(login: string, range: { from: Date; to: Date }): Promise<DailyReport[]>;

  /**
   * Price ticks and account updates; answers the unsubscribe. With several app processes only the
   * one running the feed (the embedded platform's leader: the holder of the PostgreSQL advisory
   * lock or the Redis lock) hears `onTick` and `onAccountState`, and the stop-loss, take-profit and
   * stop-out `onAccountChanged`; the others learn of them through the realtime broadcaster the
   * caller publishes them to. A client's own change (an order, a close, a balance deal, leverage,
   * archive) is heard in the process that made it.
   */
  subscribe(listener: PlatformListener): () => void;
  /** Starts the feed (the simulation, or the connection to a real platform). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface PlatformAccountSpec {
  group: AccountType;
  currency: string;
  /** Digits of the currency's minor unit. */
  precision: number;
  leverage: number;
  /** The client's name, as the platform shows it to its dealers. */
  name: string;
}

export interface BalanceOperation {
  login: string;
  kind: LedgerKind;
  /** Signed minor units. */
  amount: number;
  /** The ledger entry's reference, kept as the deal's comment. */
  reference: string;
}

export interface Stops {
  stop_loss: number | null;
  take_profit: number | null;
}

export interface MarketOrder extends Stops {
  symbol: TradingSymbol;
  side: Side;
  volume: number;
}

export interface DealQuery {
  from: Date;
  to: Date;
  page: number;
  per_page: number;
}

export interface DealVolumes {
  byLogin: Array<{ login: string; volume: number }>;
  /** `day`: YYYY-MM-DD (UTC). */
  byDay: Array<{ day: string; volume: number }>;
}

export interface DailyReport {
  /** YYYY-MM-DD, or the ISO time of the last point (now). */
  time: string;
  balance: number;
  equity: number;
}

export interface PlatformListener {
  onTick?(quotes: Quote[]): void;
  onAccountState?(update: AccountStateUpdate): void;
  onAccountChanged?(login: string, reason: DealReason | 'leverage' | 'archived'): void;
}

export const PLATFORM_ERRORS = [
  'not_found',
  'archived',
  'market_closed',
  'unknown_symbol',
  'invalid_volume',
  'invalid_stops',
  'no_money',
  'margin_exceeds_equity',
  'has_positions',
  'has_balance',
  'unavailable',
] as const;
export type PlatformErrorCode = (typeof PLATFORM_ERRORS)[number];

/** A refusal by the platform; services turn it into a translated rule failure (422) or a 404/503. */
export class PlatformError extends Error {
  override name = 'PlatformError';
  constructor(
    readonly code: PlatformErrorCode,
    /**
     * For `no_money` and `margin_exceeds_equity`: the free margin (minor units) at the moment of
     * refusal. For `unavailable`, `no_prices`: the platform is up but its prices have stopped
     * (MT5's 10021), so nothing is filled at an old one.
     */
    readonly detail: { free_margin?: number; margin?: number; reason?: 'no_prices' } = {},
  ) {
    super(code);
  }
}
