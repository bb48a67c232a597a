import { ID_MAX } from './ids';
import { z } from 'zod';
import {
  ACCOUNT_TYPES,
  BALANCE_RANGES,
  HISTORY_PER_PAGE_DEFAULT,
  HISTORY_PER_PAGE_MAX,
  LEDGER_KINDS,
  LEDGER_STATUSES,
  type AccountLimits,
  type BalanceHistory,
  type HistoryPage,
  type Currency,
  type LedgerEntry,
  type TradingAccount,
  type TransferResult,
  type WalletRequest,
} from './trading';
import { WALLET_REQUEST_STATES } from './lifecycle';

/** Request schemas of the money calls, checked on the server (zod stays out of the app's screens). */

/**
 * An id or a whole number, as JSON number or as text (a select's value). The shape is checked
 * here; whether it names something the caller may use is the service's check (`exists`).
 */
const reference = z.union([z.number(), z.string().trim().min(1)]);


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
  /**
   * GET /api/payment-methods: required for a live account when its currency has an enabled method
   * for the direction; demo money needs none (and ignores it).
   */
  payment_method_id: reference.optional(),
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
  // Past the largest id no account exists (and PostgreSQL's integer would overflow).
  account_id: z.coerce.number<string>().int().positive().refine((n) => n <= ID_MAX, { params: { rule: 'exists' } }).optional(),
  kind: z.enum(LEDGER_KINDS).optional(),
  status: z.enum(LEDGER_STATUSES).optional(),
  /** Inclusive calendar days, UTC. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number<string>().int().min(1).optional().default(1),
  per_page: z.coerce.number<string>().int().min(1).max(HISTORY_PER_PAGE_MAX).optional().default(HISTORY_PER_PAGE_DEFAULT),
  /** A page token from an answer's `cursors` (with the same filters); wins over `page`. */
  cursor: z.string().max(200).optional(),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export const balanceHistoryQuerySchema = z.object({ range: z.enum(BALANCE_RANGES).optional().default('30d') });

/** GET /api/admin/wallet-requests: the staff queue's filter and page. */
export const walletRequestsQuerySchema = z.object({
  status: z.enum(LEDGER_STATUSES).optional().default('pending'),
  page: z.coerce.number<string>().int().min(1).optional().default(1),
  per_page: z.coerce.number<string>().int().min(1).max(HISTORY_PER_PAGE_MAX).optional().default(HISTORY_PER_PAGE_DEFAULT),
});

// Answers (the types in trading.ts are what the app reads; each schema is checked against its type).

export const currencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  precision: z.number().int(),
}) satisfies z.ZodType<Currency>;

export const accountLimitsSchema = z.object({ max_accounts: z.number().int() }) satisfies z.ZodType<AccountLimits>;

export const tradingAccountSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  currency: currencySchema,
  leverage: z.number().int(),
  balance: z.number().int(),
  equity: z.number().int(),
  available: z.number().int(),
  status: z.enum(['active', 'archived']),
  created_at: z.string(),
  nickname: z.string().nullable(),
  free_margin: z.number().int(),
  margin_level: z.number().nullable(),
}) satisfies z.ZodType<TradingAccount>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  account_number: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number().int(),
  currency: z.string(),
  precision: z.number().int(),
  status: z.enum(LEDGER_STATUSES),
  reference: z.string(),
  counterparty_account_number: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  payment_method: z.string().nullable(),
  fee: z.number().int(),
  platform_ticket: z.number().int().nullable(),
  state: z.enum(WALLET_REQUEST_STATES).nullable(),
  reason: z.string().nullable(),
  expected_at: z.string().nullable(),
}) satisfies z.ZodType<LedgerEntry>;

export const walletRequestSchema = ledgerEntrySchema.extend({
  client: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  account_type: z.enum(ACCOUNT_TYPES),
}) satisfies z.ZodType<WalletRequest>;

/** A page of `item`s with Laravel's paginator fields. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({ current_page: z.number().int(), per_page: z.number().int(), total: z.number().int(), last_page: z.number().int() }),
  });

export const historyPageSchema = pagedSchema(ledgerEntrySchema).extend({
  cursors: z.object({ previous: z.string().nullable(), next: z.string().nullable() }),
}) satisfies z.ZodType<HistoryPage>;

export const transferResultSchema = z.object({
  reference: z.string(),
  from: ledgerEntrySchema,
  to: ledgerEntrySchema,
}) satisfies z.ZodType<TransferResult>;

export const balanceHistorySchema = z.object({
  account_id: z.number().int(),
  currency: z.string(),
  precision: z.number().int(),
  points: z.array(z.object({ date: z.string(), balance: z.number().int(), equity: z.number().int() })),
}) satisfies z.ZodType<BalanceHistory>;
