import { z } from 'zod';
import { ACCOUNT_TYPES, BALANCE_RANGES, HISTORY_PER_PAGE_DEFAULT, HISTORY_PER_PAGE_MAX, LEDGER_KINDS, LEDGER_STATUSES } from './trading';

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

export const balanceHistoryQuerySchema = z.object({ range: z.enum(BALANCE_RANGES).optional().default('30d') });

