/**
 * Trading accounts, the ledger and the wallet: constants and answer types shared by the server, its
 * database types (server/db/schema.ts) and the app. Free of zod (the request schemas are in
 * trading.schema.ts, for the server), so screens can import it without the validation library.
 */

import type { WalletRequestState } from './lifecycle';

export const ACCOUNT_TYPES = ['live', 'demo'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_STATUSES = ['active', 'archived'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
/** `ipo`: the allocated amount of an IPO application, taken from its hold (contract/ipo.ts). */
export const LEDGER_KINDS = ['deposit', 'withdrawal', 'transfer_in', 'transfer_out', 'adjustment', 'ipo'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_STATUSES = ['pending', 'completed', 'rejected'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

export const LEVERAGE_MIN = 1;
export const LEVERAGE_MAX = 500;
export const LEVERAGE_DEFAULT = 100;
/** The leverages the app offers; the server takes any whole number from 1 to 500. */
export const LEVERAGE_CHOICES = [1, 10, 20, 50, 100, 200, 300, 500] as const;

export const HISTORY_PER_PAGE_DEFAULT = 50;
export const HISTORY_PER_PAGE_MAX = 100;

/** A positive whole number from a `reference` field, or null (ids.ts: also past the largest id). */
export { toId } from './ids';

export const BALANCE_RANGES = ['7d', '30d', '90d', '1y', 'all'] as const;
export type BalanceRange = (typeof BALANCE_RANGES)[number];

export interface Currency {
  id: number;
  code: string;
  name: string;
  /** Digits of the minor unit. */
  precision: number;
}

/** GET /api/trading-account/limits: what the app shows before a create is refused. */
export interface AccountLimits {
  max_accounts: number;
}

export interface TradingAccount {
  id: number;
  /** The login. */
  number: string;
  type: AccountType;
  currency: Currency;
  leverage: number;
  /** Minor units. */
  balance: number;
  equity: number;
  /** Balance less pending withdrawals and IPO holds: what may still be withdrawn, transferred or applied. */
  available: number;
  status: AccountStatus;
  created_at: string;
  /** The client's own name for the account, or null. */
  nickname: string | null;
  /** Free margin and margin level from the platform (balance, equity and these move with prices). */
  free_margin: number;
  margin_level: number | null;
}

export interface LedgerEntry {
  id: number;
  account_id: number;
  account_number: string;
  kind: LedgerKind;
  /** Signed minor units: credits positive, debits negative. */
  amount: number;
  currency: string;
  precision: number;
  status: LedgerStatus;
  reference: string;
  counterparty_account_number: string | null;
  created_at: string;
  decided_at: string | null;
  /** The payment method's name (live deposits and withdrawals), or null. */
  payment_method: string | null;
  /**
   * The method's fee, minor units, 0 when none: charged by the payment provider on top of a deposit
   * and out of a withdrawal's payout. `amount` is what moves through the account.
   */
  fee: number;
  /** The platform's balance deal once the entry is completed; null while pending or rejected. */
  platform_ticket: number | null;
  /** Deposits and withdrawals: where the request stands (machines/wallet-request); null for other kinds. */
  state: WalletRequestState | null;
  /** Why the request was rejected (staff's words), or null. */
  reason: string | null;
  /** When staff expect the next step, or null. */
  expected_at: string | null;
}

/** A staff queue row: the entry and whose it is. */
export interface WalletRequest extends LedgerEntry {
  client: { id: number; name: string; email: string };
  account_type: AccountType;
}

export interface Paged<T> {
  data: T[];
  meta: { current_page: number; per_page: number; total: number; last_page: number };
}

/**
 * A page of the history: Laravel's paginator fields, and the tokens of the pages beside it
 * (keyset: the answer to `?cursor=` is as fast on page 20,000 as on page 1), null at either end.
 */
export interface HistoryPage extends Paged<LedgerEntry> {
  cursors: { previous: string | null; next: string | null };
}

export interface TransferResult {
  reference: string;
  from: LedgerEntry;
  to: LedgerEntry;
}

/**
 * One point of the balance chart: the platform's balance and equity at the end of a UTC day (its
 * daily report), today's as they are now; before the account was opened, zero.
 */
export interface BalancePoint {
  date: string;
  /** Minor units. */
  balance: number;
  /** Balance plus the floating profit of the positions open then, minor units. */
  equity: number;
}

export interface BalanceHistory {
  account_id: number;
  currency: string;
  precision: number;
  points: BalancePoint[];
}
