/**
 * Copy trading (issue 17, docs/adr/0093): strategies a client offers from one of their accounts,
 * the leaderboard, subscriptions that copy a strategy's trades into a copy account, the equity
 * stop-loss and the fees an investor can recompute. Shared by the server, machines/copy-subscription
 * and the app; free of zod (the request and answer schemas are in investing.schema.ts).
 *
 * Units, as everywhere in Traderoom: money in answers is integer minor units of the named currency;
 * money in requests is decimal text (or a number) in that currency; volumes are lots; percentages
 * are plain numbers (20 = 20 %), at most two decimals.
 */
import type { Timeline, TimelineStep } from './lifecycle';
import type { Locale } from './locales';
import type { Side, TradingSymbol } from './platform';
import type { AccountType } from './trading';

/** The leaderboard's return periods (`period=`); `all` is since the strategy's account opened. */
export const STRATEGY_PERIODS = ['7d', '30d', '90d', '1y', 'all'] as const;
export type StrategyPeriod = (typeof STRATEGY_PERIODS)[number];
export const STRATEGY_PERIOD_DEFAULT: StrategyPeriod = '30d';
/** Days in each period (`all`: null, no start). */
export const STRATEGY_PERIOD_DAYS: Record<StrategyPeriod, number | null> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365, all: null };

/** The leaderboard's orders (`sort=`); every one descending except `risk` and `drawdown`, which put the safest first. */
export const STRATEGY_SORTS = ['return', 'drawdown', 'risk', 'investors', 'funds', 'age'] as const;
export type StrategySort = (typeof STRATEGY_SORTS)[number];
export const STRATEGY_SORT_DEFAULT: StrategySort = 'return';

/** Public: on the leaderboard. Invitation: reachable by its id, followed only with the invitation code. */
export const STRATEGY_VISIBILITIES = ['public', 'invitation'] as const;
export type StrategyVisibility = (typeof STRATEGY_VISIBILITIES)[number];

/** How often the performance fee is computed and settled. */
export const FEE_PERIODS = ['weekly', 'monthly'] as const;
export type FeePeriod = (typeof FEE_PERIODS)[number];
export const FEE_PERIOD_DEFAULT: FeePeriod = 'weekly';

/** Fee plan limits. Percentages with at most two decimals. */
export const PERFORMANCE_FEE_MAX_PERCENT = 50;
/** Percent a year of the copy account's equity, accrued daily (rate / 365 a day). */
export const MANAGEMENT_FEE_MAX_PERCENT = 10;
/** The smallest minimum investment a provider may ask, in major units of the strategy's currency (0: none). */
export const MIN_INVESTMENT_MAX_MAJOR = 1_000_000;

/** How long a strategy's trades stay out of its public history (minutes), so followers are copied before the crowd sees them. */
export const TRADES_DELAY_MINUTES_DEFAULT = 60;
export const TRADES_DELAY_MINUTES_MAX = 24 * 60;

export const STRATEGY_NAME_MAX = 60;
export const STRATEGY_DESCRIPTION_MAX = 2_000;
/** An invitation code: letters and digits, given to the owner when the strategy is by invitation. */
export const INVITATION_CODE_LENGTH = 10;
/** A client may offer at most this many strategies (one per account in any case). */
export const STRATEGIES_PER_CLIENT_MAX = 5;

/**
 * A subscription's lifecycle (machines/copy-subscription), the stored values of `copy_subscriptions.state`:
 * - `funding`: the copy account is open, the transfer from the follower's account is on its way;
 * - `active`: every trade of the strategy is copied;
 * - `paused_stop_loss`: the equity stop-loss was reached, the copy account's positions were closed, nothing is copied;
 * - `paused_by_follower`: the follower paused; open copies stay open and still follow the strategy's closes, new trades are not copied;
 * - `closing`: unsubscribing: positions closing, fees being settled, money going back;
 * - `closed`: the money is back on the follower's account (or funding failed); nothing more happens.
 */
export const COPY_SUBSCRIPTION_STATES = ['funding', 'active', 'paused_stop_loss', 'paused_by_follower', 'closing', 'closed'] as const;
export type CopySubscriptionState = (typeof COPY_SUBSCRIPTION_STATES)[number];

/** The equity stop-loss: a floor in money (minor units of the copy account) or a percent of the money invested. */
export const STOP_LOSS_KINDS = ['money', 'percent'] as const;
export type StopLossKind = (typeof STOP_LOSS_KINDS)[number];
/** A percent stop-loss allows losing 1–95 % of the net money invested. */
export const STOP_LOSS_PERCENT_MIN = 1;
export const STOP_LOSS_PERCENT_MAX = 95;

/**
 * Why a strategy's trade was not copied to a follower (a `skipped` record):
 * - `too_small`: the proportional volume rounded down to the instrument's step is below its minimum;
 * - `no_money`: the copy account's free margin does not carry the volume;
 * - `market_closed`: the instrument was outside its session when the copy was placed;
 * - `unavailable`: the platform had no fresh price or did not answer;
 * - `paused`: the subscription was paused (by the follower or the stop-loss) when the strategy opened it;
 * - `not_copied`: a close of a strategy position that had no copy (it was skipped or opened before the subscription).
 */
export const SKIP_REASONS = ['too_small', 'no_money', 'market_closed', 'unavailable', 'paused', 'not_copied'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const COPIED_TRADE_ACTIONS = ['open', 'close'] as const;
export type CopiedTradeAction = (typeof COPIED_TRADE_ACTIONS)[number];
export const COPIED_TRADE_STATUSES = ['copied', 'skipped'] as const;
export type CopiedTradeStatus = (typeof COPIED_TRADE_STATUSES)[number];

/**
 * Fee lines. Each stores the figures it was computed from, so the investor can recompute it:
 * - management: amount = floor(equity × rate_percent / 100 × days / 365), on the copy account's equity at accrual;
 * - performance: amount = floor(max(0, equity − high_water_mark) × rate_percent / 100), at the end of each fee
 *   period and before any withdrawal or unsubscribe; afterwards the high-water mark is max(HWM, equity − amount).
 * The high-water mark starts at the first funding, rises by each added amount and falls in proportion to each
 * withdrawal (HWM × (equity − amount) / equity), so money moved in or out is never counted as profit or loss.
 * Amounts are rounded down to the minor unit (the investor never pays a fraction more).
 */
export const FEE_KINDS = ['management', 'performance'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];

/** Why a fee line was computed now: the daily accrual, the end of a period, or a settlement before money leaves. */
export const FEE_TRIGGERS = ['daily', 'period_end', 'withdrawal', 'unsubscribe'] as const;
export type FeeTrigger = (typeof FEE_TRIGGERS)[number];

/**
 * The risk score, 1 (calm) to 10 (wild), from the strategy's daily equity points:
 *   volatility = standard deviation of daily returns r_i = e_i / e_{i−1} − 1, × √365 (annualised; the platform trades every day)
 *   drawdown   = the largest fall from a running peak of equity, as a fraction of that peak
 *   score      = clamp(1, 10, ceil(10 × max(volatility / 0.60, drawdown / 0.40)))
 * so an annualised volatility of 60 % or a drawdown of 40 % is the top score. With fewer than two points the
 * score is 10 (nothing is known yet, the worst is assumed).
 */
export const RISK_VOLATILITY_CAP = 0.6;
export const RISK_DRAWDOWN_CAP = 0.4;

/** Annualised volatility of daily returns (a fraction), from equity points oldest first. */
export function annualisedVolatility(equity: readonly number[]): number {
  const returns: number[] = [];
  for (let i = 1; i < equity.length; i++) if (equity[i - 1]! > 0) returns.push(equity[i]! / equity[i - 1]! - 1);
  if (returns.length < 2) return 0;
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * Math.sqrt(365);
}

/** The largest fall from a running peak, as a fraction of the peak (0 when equity never fell). */
export function maxDrawdown(equity: readonly number[]): number {
  let peak = 0;
  let worst = 0;
  for (const e of equity) {
    if (e > peak) peak = e;
    else if (peak > 0) worst = Math.max(worst, (peak - e) / peak);
  }
  return worst;
}

export function riskScore(equity: readonly number[]): number {
  if (equity.length < 2) return 10;
  const raw = Math.ceil(10 * Math.max(annualisedVolatility(equity) / RISK_VOLATILITY_CAP, maxDrawdown(equity) / RISK_DRAWDOWN_CAP));
  return Math.min(10, Math.max(1, raw));
}

/**
 * The copied volume: strategy volume × follower equity / strategy equity, rounded DOWN to the
 * instrument's step (never more risk than the proportion); null when that is below the minimum
 * (`too_small`), capped at the maximum.
 */
export function proportionalVolume(
  strategyVolume: number,
  followerEquity: number,
  strategyEquity: number,
  instrument: { volume_min: number; volume_step: number; volume_max: number },
): number | null {
  if (strategyEquity <= 0 || followerEquity <= 0) return null;
  const raw = (strategyVolume * followerEquity) / strategyEquity;
  // Work in whole steps so binary fractions (0.1 + 0.2) do not round a full step away.
  const steps = Math.floor(raw / instrument.volume_step + 1e-9);
  const volume = Number((steps * instrument.volume_step).toFixed(8));
  if (volume < instrument.volume_min) return null;
  return Math.min(volume, instrument.volume_max);
}

/** The stop-loss floor in minor units: a money floor as set, a percent floor below the net money invested. */
export function stopLossFloor(stopLoss: { kind: StopLossKind; value: number } | null, invested: number): number | null {
  if (!stopLoss) return null;
  if (stopLoss.kind === 'money') return stopLoss.value;
  return Math.floor((invested * (100 - stopLoss.value)) / 100);
}

export interface InvestingCurrency {
  code: string;
  precision: number;
}

export interface FeePlan {
  /** Percent of profit above the high-water mark, each fee period. */
  performance_fee_percent: number;
  /** Percent a year of equity, accrued daily. */
  management_fee_percent: number;
  /** Minor units of the strategy's currency; 0: none. */
  min_investment: number;
  fee_period: FeePeriod;
}

/** One point of a strategy's equity chart: end of a UTC day (the last: now). Minor units. */
export interface EquityPoint {
  time: string;
  equity: number;
  balance: number;
}

/** A row of the leaderboard (GET /api/investing/strategies). Figures are for the requested period. */
export interface StrategySummary {
  id: number;
  name: string;
  /** The provider's display name (first name and initial). */
  provider: string;
  currency: InvestingCurrency;
  account_type: AccountType;
  visibility: StrategyVisibility;
  /** Return over the period in percent (time-weighted: money moved in or out is not counted), two decimals. */
  return_percent: number;
  period: StrategyPeriod;
  /** Largest fall from a peak over the whole history, percent, two decimals. */
  max_drawdown_percent: number;
  risk_score: number;
  /** Days since the strategy's account opened. */
  age_days: number;
  investors: number;
  /** The followers' copy-account equity, minor units of the strategy's currency. */
  funds_invested: number;
  fee_plan: FeePlan;
  /** Daily equity over the period, for the leaderboard's small chart (minor units). */
  sparkline: number[];
  /** True when the caller offers it. */
  own: boolean;
  /** The caller's open subscription to it (not closed), or null. */
  my_subscription_id: number | null;
  created_at: string;
}

/** A strategy's closed trade as its public history shows it: only those closed at least `trades_delay_minutes` ago. */
export interface StrategyTrade {
  ticket: number;
  symbol: TradingSymbol;
  side: Side;
  volume: number;
  open_price: number;
  close_price: number;
  open_time: string;
  close_time: string;
  /** Minor units of the strategy's currency. */
  profit: number;
}

/** GET /api/investing/strategies/{id} */
export interface StrategyDetails extends StrategySummary {
  /** In the reader's language, else the first the provider wrote. */
  description: string;
  /** Returns for every period at once, percent. */
  returns: Record<StrategyPeriod, number>;
  /** Daily equity since the account opened, then now. */
  equity: EquityPoint[];
  trades: StrategyTrade[];
  trades_delay_minutes: number;
  /** A seeded demo strategy trading by its documented rule (docs/adr/0093), or null for a client's own trading. */
  rule: string | null;
  hidden: boolean;
}

/** The provider's own view (GET /api/investing/my-strategies). */
export interface MyStrategy extends StrategyDetails {
  account_id: number;
  account_number: string;
  descriptions: Partial<Record<Locale, string>>;
  /** Shown only to the owner, when by invitation. */
  invitation_code: string | null;
  /** Fees received so far, minor units. */
  fees_earned: number;
}

/** The staff list (GET /api/admin/strategies). */
export interface AdminStrategy extends StrategySummary {
  hidden: boolean;
  hidden_reason: string | null;
  account_number: string;
  provider_email: string;
}

export interface StopLoss {
  kind: StopLossKind;
  /** `money`: the floor in minor units; `percent`: the loss allowed, percent of the money invested. */
  value: number;
  /** The equity at which it fires now, minor units. */
  floor: number;
}

/** GET /api/investing/subscriptions: one per subscription, newest first. */
export interface CopySubscriptionSummary {
  id: number;
  strategy: { id: number; name: string; provider: string };
  state: CopySubscriptionState;
  currency: InvestingCurrency;
  copy_account: { id: number; number: string };
  /** The account it was funded from, where the money goes back. */
  source_account_id: number;
  /** Money in less money out, minor units. */
  invested: number;
  balance: number;
  equity: number;
  /** What may be withdrawn now (the platform's free margin less fees due). */
  free_margin: number;
  /** equity − invested. */
  profit: number;
  fees_paid: number;
  high_water_mark: number;
  stop_loss: StopLoss | null;
  created_at: string;
  closed_at: string | null;
}

/** One copy of a strategy's trade, or the record that it was skipped and why. */
export interface CopiedTrade {
  id: number;
  action: CopiedTradeAction;
  status: CopiedTradeStatus;
  reason: SkipReason | null;
  symbol: TradingSymbol;
  side: Side;
  strategy_ticket: number;
  strategy_volume: number;
  /** The follower's position (null when skipped). */
  follower_ticket: number | null;
  /** The volume placed (0 when skipped). */
  volume: number;
  /** The inputs of the proportion, minor units, at the moment of the copy. */
  strategy_equity: number;
  follower_equity: number;
  price: number | null;
  /** Realised profit of a close, minor units; null for an open. */
  profit: number | null;
  at: string;
}

/** One fee line with the figures it was computed from (the formula is FEE_KINDS's). */
export interface FeeLine {
  id: number;
  kind: FeeKind;
  trigger: FeeTrigger;
  /** Minor units moved from the copy account to the provider. */
  amount: number;
  /** Equity the fee was computed on. */
  equity: number;
  /** The high-water mark before the fee (performance), or null. */
  high_water_mark: number | null;
  rate_percent: number;
  /** Days accrued (management), or null. */
  days: number | null;
  period_start: string;
  period_end: string;
  /** The ledger reference of the move (both accounts' balance deals carry it). */
  reference: string;
  at: string;
}

/** GET /api/investing/subscriptions/{id} */
export interface CopySubscriptionDetails extends CopySubscriptionSummary {
  fee_plan: FeePlan;
  /** Newest first, at most COPIED_TRADES_SHOWN. */
  trades: CopiedTrade[];
  fees: FeeLine[];
  timeline: TimelineStep[];
}

export const COPIED_TRADES_SHOWN = 200;

/** GET /api/investing/subscriptions/{id}/timeline answers the lifecycle timeline. */
export type CopySubscriptionTimeline = Timeline;

/**
 * Refusals: a 422 names one of the rules of contract/validation.ts in `errors.<field>` (translated):
 * `min_investment` (amount below the plan's minimum), `invitation_code` (missing or wrong code),
 * `own_strategy` (following one's own strategy), `strategy_account_taken` (the account already
 * offers a strategy, or is a copy account), `same_currency` (a source account in another currency
 * than the strategy's), `insufficient_funds` / `not_enough_margin` (money the account does not
 * have free); 404 for another client's subscription or a hidden strategy; 409
 * (`http.transition_refused`) for a step the subscription's machine refuses in its state.
 */
