import { z } from 'zod';
import { idNumber } from './ids.schema';
import {
  type AdminStrategy,
  COPIED_TRADE_ACTIONS,
  COPIED_TRADE_STATUSES,
  COPY_SUBSCRIPTION_STATES,
  type CopiedTrade,
  type CopySubscriptionDetails,
  type CopySubscriptionSummary,
  FEE_KINDS,
  FEE_PERIODS,
  FEE_TRIGGERS,
  type FeeLine,
  type FeePlan,
  MANAGEMENT_FEE_MAX_PERCENT,
  type MyStrategy,
  PERFORMANCE_FEE_MAX_PERCENT,
  SKIP_REASONS,
  STOP_LOSS_KINDS,
  STOP_LOSS_PERCENT_MAX,
  STOP_LOSS_PERCENT_MIN,
  STRATEGY_DESCRIPTION_MAX,
  STRATEGY_NAME_MAX,
  STRATEGY_PERIODS,
  STRATEGY_SORTS,
  STRATEGY_VISIBILITIES,
  type StrategyDetails,
  type StrategySummary,
  type StrategyTrade,
  TRADES_DELAY_MINUTES_MAX,
} from './investing';
import { timelineStepSchema } from './lifecycle.schema';
import { LOCALES, type Locale } from './locales';
import { SIDES, SYMBOLS } from './platform';
import { ACCOUNT_TYPES } from './trading';
import { breaks } from './validation';

/** Request and answer schemas of the investing calls (docs/adr/0093), for the server's routes. */

/** Amounts travel as decimal text in the strategy's currency, as every money field. */
const amount = z.union([z.string(), z.number()]);
const text = (max: number) => z.string().trim().min(1).max(max);
/** A percentage with at most two decimals. */
const percent = (max: number) =>
  z
    .number()
    .min(0)
    .max(max)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, breaks('decimal'));

// ── Requests ─────────────────────────────────────────────────────────────────

/** GET /api/investing/strategies */
export const strategyListQuerySchema = z.object({
  period: z.enum(STRATEGY_PERIODS).optional(),
  sort: z.enum(STRATEGY_SORTS).optional(),
  /** Highest risk score shown (1–10). */
  max_risk: z.coerce.number<string>().int().min(1).max(10).optional(),
  /** Lowest age in days. */
  min_age_days: z.coerce.number<string>().int().min(0).max(100_000).optional(),
  /** Only strategies in this currency (code). */
  currency: z.string().trim().regex(/^[A-Z]{3}$/).optional(),
  /** Only strategies with no performance fee above this percent. */
  max_performance_fee: z.coerce.number<string>().min(0).max(100).optional(),
  /** A piece of the name. */
  q: z.string().trim().max(STRATEGY_NAME_MAX).optional(),
});
export type StrategyListQuery = z.output<typeof strategyListQuerySchema>;

/** GET /api/investing/strategies/{id}: `period` picks the figures of the summary part. */
export const strategyQuerySchema = z.object({ period: z.enum(STRATEGY_PERIODS).optional() });

/**
 * POST /api/investing/my-strategies (offer an account) and PUT /api/investing/my-strategies/{id}
 * (the account cannot change; a new fee plan applies to new fee periods).
 * `descriptions`: at least one language.
 */
export const strategyBodySchema = z.object({
  account_id: idNumber,
  name: text(STRATEGY_NAME_MAX),
  descriptions: z
    .object(Object.fromEntries(LOCALES.map((lang) => [lang, z.string().trim().max(STRATEGY_DESCRIPTION_MAX).optional()])) as Record<Locale, z.ZodOptional<z.ZodString>>)
    .refine((d) => Object.values(d).some((v) => v && v.trim() !== ''), breaks('required')),
  performance_fee_percent: percent(PERFORMANCE_FEE_MAX_PERCENT),
  management_fee_percent: percent(MANAGEMENT_FEE_MAX_PERCENT),
  /** Decimal text in the account's currency; 0 for none. */
  min_investment: amount,
  fee_period: z.enum(FEE_PERIODS).optional(),
  visibility: z.enum(STRATEGY_VISIBILITIES),
  trades_delay_minutes: z.number().int().min(0).max(TRADES_DELAY_MINUTES_MAX).optional(),
});
export type StrategyBody = z.output<typeof strategyBodySchema>;

export const stopLossBodySchema = z.discriminatedUnion('kind', [
  /** `value`: the equity floor, decimal text in the copy account's currency. */
  z.object({ kind: z.literal('money'), value: amount }),
  /** `value`: the loss allowed, percent of the money invested. */
  z.object({ kind: z.literal('percent'), value: z.number().min(STOP_LOSS_PERCENT_MIN).max(STOP_LOSS_PERCENT_MAX) }),
]);

/** POST /api/investing/strategies/{id}/subscriptions, with an `Idempotency-Key` header. */
export const subscribeBodySchema = z.object({
  /** The follower's account the money comes from (same currency as the strategy). */
  account_id: idNumber,
  amount,
  invitation_code: z.string().trim().max(40).optional(),
  stop_loss: stopLossBodySchema.nullish(),
});
export type SubscribeBody = z.output<typeof subscribeBodySchema>;

/** PUT /api/investing/subscriptions/{id}/stop-loss: null removes it. */
export const stopLossPutSchema = z.object({ stop_loss: stopLossBodySchema.nullable() });

/** POST …/add-funds and …/withdraw, with an `Idempotency-Key` header: `account_id` defaults to the source account. */
export const subscriptionMoneyBodySchema = z.object({ amount, account_id: idNumber.optional() });

/** POST /api/admin/strategies/{id}/hide */
export const strategyHideBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });

// ── Answers ──────────────────────────────────────────────────────────────────

const currency = z.object({ code: z.string(), precision: z.number() });

export const feePlanSchema = z.object({
  performance_fee_percent: z.number(),
  management_fee_percent: z.number(),
  min_investment: z.number(),
  fee_period: z.enum(FEE_PERIODS),
}) satisfies z.ZodType<FeePlan>;

export const strategySummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  provider: z.string(),
  currency,
  account_type: z.enum(ACCOUNT_TYPES),
  visibility: z.enum(STRATEGY_VISIBILITIES),
  return_percent: z.number(),
  period: z.enum(STRATEGY_PERIODS),
  max_drawdown_percent: z.number(),
  risk_score: z.number(),
  age_days: z.number(),
  investors: z.number(),
  funds_invested: z.number(),
  fee_plan: feePlanSchema,
  sparkline: z.array(z.number()),
  own: z.boolean(),
  my_subscription_id: z.number().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<StrategySummary>;

export const strategyTradeSchema = z.object({
  ticket: z.number(),
  symbol: z.enum(SYMBOLS),
  side: z.enum(SIDES),
  volume: z.number(),
  open_price: z.number(),
  close_price: z.number(),
  open_time: z.string(),
  close_time: z.string(),
  profit: z.number(),
}) satisfies z.ZodType<StrategyTrade>;

export const strategyDetailsSchema = strategySummarySchema.extend({
  description: z.string(),
  returns: z.object(Object.fromEntries(STRATEGY_PERIODS.map((p) => [p, z.number()])) as Record<(typeof STRATEGY_PERIODS)[number], z.ZodNumber>),
  equity: z.array(z.object({ time: z.string(), equity: z.number(), balance: z.number() })),
  trades: z.array(strategyTradeSchema),
  trades_delay_minutes: z.number(),
  rule: z.string().nullable(),
  hidden: z.boolean(),
}) satisfies z.ZodType<StrategyDetails>;

export const myStrategySchema = strategyDetailsSchema.extend({
  account_id: z.number(),
  account_number: z.string(),
  descriptions: z.object(Object.fromEntries(LOCALES.map((lang) => [lang, z.string().optional()])) as Record<Locale, z.ZodOptional<z.ZodString>>),
  invitation_code: z.string().nullable(),
  fees_earned: z.number(),
}) satisfies z.ZodType<MyStrategy>;

export const adminStrategySchema = strategySummarySchema.extend({
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  account_number: z.string(),
  provider_email: z.string(),
}) satisfies z.ZodType<AdminStrategy>;

const stopLossSchema = z.object({ kind: z.enum(STOP_LOSS_KINDS), value: z.number(), floor: z.number() });

export const copySubscriptionSummarySchema = z.object({
  id: z.number(),
  strategy: z.object({ id: z.number(), name: z.string(), provider: z.string() }),
  state: z.enum(COPY_SUBSCRIPTION_STATES),
  currency,
  copy_account: z.object({ id: z.number(), number: z.string() }),
  source_account_id: z.number(),
  invested: z.number(),
  balance: z.number(),
  equity: z.number(),
  free_margin: z.number(),
  profit: z.number(),
  fees_paid: z.number(),
  high_water_mark: z.number(),
  stop_loss: stopLossSchema.nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
}) satisfies z.ZodType<CopySubscriptionSummary>;

export const copiedTradeSchema = z.object({
  id: z.number(),
  action: z.enum(COPIED_TRADE_ACTIONS),
  status: z.enum(COPIED_TRADE_STATUSES),
  reason: z.enum(SKIP_REASONS).nullable(),
  symbol: z.enum(SYMBOLS),
  side: z.enum(SIDES),
  strategy_ticket: z.number(),
  strategy_volume: z.number(),
  follower_ticket: z.number().nullable(),
  volume: z.number(),
  strategy_equity: z.number(),
  follower_equity: z.number(),
  price: z.number().nullable(),
  profit: z.number().nullable(),
  at: z.string(),
}) satisfies z.ZodType<CopiedTrade>;

export const feeLineSchema = z.object({
  id: z.number(),
  kind: z.enum(FEE_KINDS),
  trigger: z.enum(FEE_TRIGGERS),
  amount: z.number(),
  equity: z.number(),
  high_water_mark: z.number().nullable(),
  rate_percent: z.number(),
  days: z.number().nullable(),
  period_start: z.string(),
  period_end: z.string(),
  reference: z.string(),
  at: z.string(),
}) satisfies z.ZodType<FeeLine>;

export const copySubscriptionDetailsSchema = copySubscriptionSummarySchema.extend({
  fee_plan: feePlanSchema,
  trades: z.array(copiedTradeSchema),
  fees: z.array(feeLineSchema),
  timeline: z.array(timelineStepSchema),
}) satisfies z.ZodType<CopySubscriptionDetails>;
