import { z } from 'zod';
import {
  DEAL_KINDS,
  DEAL_REASONS,
  DEALS_PER_PAGE_DEFAULT,
  DEALS_PER_PAGE_MAX,
  PASSWORD_KINDS,
  SIDES,
  SYMBOLS,
  TIMEFRAMES,
  type AccountDetails,
  type AccountState,
  type Bar,
  type CurvePoint,
  type Deal,
  type Instrument,
  type OrderResult,
  type PasswordResult,
  type PlatformInfo,
  type Position,
  type Quote,
  type Reconciliation,
  type ReconciliationRow,
  type Statement,
  type TradingStats,
} from './platform';
import { BALANCE_RANGES, LEVERAGE_MAX, LEVERAGE_MIN } from './trading';
import { tradingAccountSchema } from './trading.schema';

/** Request and answer schemas of the trading-platform calls (ADR 0080's table); each answer checked against its type. */

export const NICKNAME_MAX = 40;
export const BARS_LIMIT_MAX = 1_000;
export const BARS_LIMIT_DEFAULT = 300;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A login in a path: 1–20 digits (the platform's; never an internal id). */
export const loginParamsSchema = z.object({ login: z.string().regex(/^\d{1,20}$/) });
export const positionParamsSchema = loginParamsSchema.extend({ ticket: z.coerce.number<string>().int().positive().max(Number.MAX_SAFE_INTEGER) });

// Requests.

export const nicknameBodySchema = z.object({ nickname: z.string().trim().max(NICKNAME_MAX).nullable() });

/** A price: a positive finite number, or null (none). */
const price = z.number().positive().finite().nullable();

export const orderBodySchema = z.object({
  symbol: z.enum(SYMBOLS),
  side: z.enum(SIDES),
  volume: z.number().positive().finite(),
  stop_loss: price.optional().default(null),
  take_profit: price.optional().default(null),
});
export type OrderBody = z.output<typeof orderBodySchema>;

export const stopsBodySchema = z.object({ stop_loss: price, take_profit: price });

export const leverageBodySchema = z.object({ leverage: z.number().int().min(LEVERAGE_MIN).max(LEVERAGE_MAX) });

export const passwordBodySchema = z.object({ kind: z.enum(PASSWORD_KINDS) });

export const dealsQuerySchema = z.object({
  /** Inclusive UTC days; default the last 30 days. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number<string>().int().min(1).optional().default(1),
  per_page: z.coerce.number<string>().int().min(1).max(DEALS_PER_PAGE_MAX).optional().default(DEALS_PER_PAGE_DEFAULT),
});

export const curveQuerySchema = z.object({ range: z.enum(BALANCE_RANGES).optional().default('30d') });

/** Inclusive UTC days; default the current month up to today. */
export const statementQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });

export const barsQuerySchema = z.object({
  symbol: z.enum(SYMBOLS),
  timeframe: z.enum(TIMEFRAMES).optional().default('M1'),
  limit: z.coerce.number<string>().int().min(1).max(BARS_LIMIT_MAX).optional().default(BARS_LIMIT_DEFAULT),
});

export const tradingStatsQuerySchema = z.object({ account_id: z.coerce.number<string>().int().positive().max(Number.MAX_SAFE_INTEGER) });

// Answers.

export const instrumentSchema = z.object({
  symbol: z.enum(SYMBOLS),
  digits: z.number().int(),
  contract_size: z.number(),
  volume_min: z.number(),
  volume_step: z.number(),
  volume_max: z.number(),
  margin_currency: z.string(),
  profit_currency: z.string(),
  sessions: z.array(z.object({ day: z.number().int(), open_minute: z.number().int(), close_minute: z.number().int() })),
}) satisfies z.ZodType<Instrument>;

export const quoteSchema = z.object({ symbol: z.enum(SYMBOLS), bid: z.number(), ask: z.number(), time: z.string() }) satisfies z.ZodType<Quote>;

export const barSchema = z.object({ time: z.string(), open: z.number(), high: z.number(), low: z.number(), close: z.number() }) satisfies z.ZodType<Bar>;

export const positionSchema = z.object({
  ticket: z.number().int(),
  symbol: z.enum(SYMBOLS),
  side: z.enum(SIDES),
  volume: z.number(),
  open_price: z.number(),
  open_time: z.string(),
  stop_loss: z.number().nullable(),
  take_profit: z.number().nullable(),
  current_price: z.number(),
  profit: z.number().int(),
  margin: z.number().int(),
}) satisfies z.ZodType<Position>;

export const dealSchema = z.object({
  ticket: z.number().int(),
  time: z.string(),
  kind: z.enum(DEAL_KINDS),
  entry: z.enum(['in', 'out']).nullable(),
  reason: z.enum(DEAL_REASONS),
  symbol: z.enum(SYMBOLS).nullable(),
  volume: z.number().nullable(),
  price: z.number().nullable(),
  position_ticket: z.number().int().nullable(),
  profit: z.number().int(),
  comment: z.string(),
}) satisfies z.ZodType<Deal>;

export const accountStateSchema = z.object({
  login: z.string(),
  currency: z.string(),
  precision: z.number().int(),
  leverage: z.number().int(),
  balance: z.number().int(),
  credit: z.number().int(),
  equity: z.number().int(),
  margin: z.number().int(),
  free_margin: z.number().int(),
  reserved: z.number().int().optional(),
  margin_level: z.number().nullable(),
  margin_call: z.boolean().optional(),
  profit: z.number().int(),
  updated_at: z.string(),
}) satisfies z.ZodType<AccountState>;

export const platformInfoSchema = z.object({
  name: z.string(),
  simulated: z.boolean(),
  instruments: z.array(instrumentSchema),
  quotes: z.array(quoteSchema),
  margin_call_level: z.number(),
  stop_out_level: z.number(),
}) satisfies z.ZodType<PlatformInfo>;

export const accountDetailsSchema = z.object({
  account: tradingAccountSchema,
  state: accountStateSchema,
  positions: z.array(positionSchema),
}) satisfies z.ZodType<AccountDetails>;

export const orderResultSchema = z.object({ position: positionSchema, deal: dealSchema }) satisfies z.ZodType<OrderResult>;

export const passwordResultSchema = z.object({ kind: z.enum(PASSWORD_KINDS), password: z.string() }) satisfies z.ZodType<PasswordResult>;

export const curvePointSchema = z.object({ time: z.string(), balance: z.number().int(), equity: z.number().int() }) satisfies z.ZodType<CurvePoint>;

export const statementSchema = z.object({
  login: z.string(),
  nickname: z.string().nullable(),
  client: z.string(),
  currency: z.string(),
  precision: z.number().int(),
  from: z.string(),
  to: z.string(),
  opening_balance: z.number().int(),
  closing_balance: z.number().int(),
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  profit: z.number().int(),
  deals: z.array(dealSchema),
  open_positions: z.array(positionSchema),
  state: accountStateSchema,
  generated_at: z.string(),
}) satisfies z.ZodType<Statement>;

export const tradingStatsSchema = z.object({
  account_id: z.number().int(),
  currency: z.string(),
  precision: z.number().int(),
  trades: z.number().int(),
  wins: z.number().int(),
  win_rate: z.number().nullable(),
  profit: z.number().int(),
  gross_profit: z.number().int(),
  gross_loss: z.number().int(),
  max_drawdown: z.number().int(),
  max_drawdown_percent: z.number().nullable(),
}) satisfies z.ZodType<TradingStats>;

export const reconciliationRowSchema = z.object({
  account_id: z.number().int(),
  login: z.string(),
  client: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  currency: z.string(),
  precision: z.number().int(),
  ledger_balance: z.number().int(),
  platform_balance: z.number().int(),
  drift: z.number().int(),
  missing_tickets: z.number().int(),
}) satisfies z.ZodType<ReconciliationRow>;

export const reconciliationSchema = z.object({
  checked_at: z.string(),
  accounts: z.number().int(),
  drifted: z.array(reconciliationRowSchema),
}) satisfies z.ZodType<Reconciliation>;
