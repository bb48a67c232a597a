import { z } from 'zod';

/** Trading accounts, the ledger and the wallet: request bodies (checked on the server) and answers. */

export const ACCOUNT_TYPES = ['live', 'demo'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const LEDGER_KINDS = ['deposit', 'withdrawal', 'transfer_in', 'transfer_out', 'adjustment'] as const;
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

/**
 * An id or a whole number, as JSON number or as text (a select's value). The shape is checked
 * here; whether it names something the caller may use is the service's check (`exists`).
 */
const reference = z.union([z.number(), z.string().trim().min(1)]);

/** A positive whole number from a `reference` field, or null. */
export function toId(value: number | string): number | null {
  const n = typeof value === 'number' ? value : /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** POST /api/trading-account/create */
export const createAccountBodySchema = z.object({
  currency_id: reference,
  type: z.enum(ACCOUNT_TYPES).optional(),
  leverage: reference.optional(),
});
export type CreateAccountBody = z.input<typeof createAccountBodySchema>;

/** Amounts travel as decimal text ("1250.50") so no float ever touches money; numbers are read as text. */
const amount = z.union([z.string(), z.number()]);

/** POST /api/wallet/deposit and /api/wallet/withdrawal */
export const walletRequestBodySchema = z.object({
  account_id: reference,
  amount,
});
export type WalletRequestBody = z.input<typeof walletRequestBodySchema>;

/** POST /api/wallet/transfer */
export const transferBodySchema = z.object({
  from_account_id: reference,
  to_account_id: reference,
  amount,
});
export type TransferBody = z.input<typeof transferBodySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET /api/history and /api/history/export: every filter optional. */
export const historyQuerySchema = z.object({
  account_id: z.coerce.number<string>().int().positive().optional(),
  kind: z.enum(LEDGER_KINDS).optional(),
  status: z.enum(LEDGER_STATUSES).optional(),
  /** Inclusive calendar days, UTC. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number<string>().int().min(1).optional().default(1),
  per_page: z.coerce.number<string>().int().min(1).max(HISTORY_PER_PAGE_MAX).optional().default(HISTORY_PER_PAGE_DEFAULT),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export const BALANCE_RANGES = ['7d', '30d', '90d', '1y', 'all'] as const;
export type BalanceRange = (typeof BALANCE_RANGES)[number];
export const balanceHistoryQuerySchema = z.object({ range: z.enum(BALANCE_RANGES).optional().default('30d') });

export interface Currency {
  id: number;
  code: string;
  name: string;
  /** Digits of the minor unit. */
  precision: number;
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
  /** Balance less pending withdrawals: what may still be withdrawn or transferred. */
  available: number;
  status: 'active' | 'archived';
  created_at: string;
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

export interface TransferResult {
  reference: string;
  from: LedgerEntry;
  to: LedgerEntry;
}

/** One point of the balance chart: the balance at the end of a UTC day. */
export interface BalancePoint {
  date: string;
  /** Minor units. */
  balance: number;
}

export interface BalanceHistory {
  account_id: number;
  currency: string;
  precision: number;
  points: BalancePoint[];
}
