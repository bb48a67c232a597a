/**
 * The validation rules a 422 can name (Laravel's rule names, then ours): the one list that the
 * server's checks, its services' business rules and the translated messages share. Each rule's
 * message key, `validation.<rule>`, is derived from this list (server/i18n/types.ts), so a rule
 * added here without its message in every language fails to compile.
 */
export const RULES = [
  'required',
  'string',
  'boolean',
  'email',
  /** `min`/`max` count characters; a number's bounds are `min_numeric`/`max_numeric`. */
  'min',
  'max',
  'min_numeric',
  'max_numeric',
  'confirmed',
  'unique',
  'invalid',
  /** Not among the most common passwords (server/services/password-policy.ts). */
  'uncommon',
  /** A new password that is only white space, one character repeated, or the e-mail address. */
  'not_blank',
  'not_repeated',
  'not_email',
  /** The user's current password. */
  'current_password',
  // Money and trading accounts.
  'exists',
  'between',
  'numeric',
  'gt',
  'decimal',
  'max_amount',
  'accounts_max',
  'insufficient_funds',
  'same_currency',
  'same_account_type',
  'different',
  'archived',
  'idempotency_reused',
  'decided',
  /** Below a payment method's smallest amount. */
  'min_amount',
  /** A live withdrawal (or a deposit past VERIFICATION_DEPOSIT_THRESHOLD) before identity verification is approved. */
  'verification_required',
  /** Live withdrawals wait SECURITY_COOLDOWN_HOURS after a password, e-mail or second-factor change. */
  'security_cooldown',
  /** A second-factor code (authenticator or recovery) that is wrong, used already or expired. */
  'two_factor_code',
  // Refusals of the trading platform (server/platform/port.ts PlatformError codes).
  'market_closed',
  'unknown_symbol',
  'invalid_volume',
  'invalid_stops',
  'not_enough_margin',
  'margin_exceeds_equity',
  'has_positions',
  'has_balance',
  'in',
  'array',
  'integer',
  'date',
  'time',
  'timezone',
  // IPO applications and offerings.
  /** Below an offering's smallest application. */
  'min_application',
  /** An account in another currency than the offering's. */
  'offering_currency',
  'offering_live_only',
  /** A maximum below its minimum, a window that closes before it opens or after the allocation. */
  'out_of_order',
  /** A time that must lie ahead: the expected time of a request's or a document's next step. */
  'after_now',
  // Copy trading (contract/investing.ts).
  /** Below the strategy's minimum investment. */
  'min_investment',
  /** A strategy by invitation followed without its code, or with a wrong one. */
  'invitation_code',
  /** A provider following their own strategy. */
  'own_strategy',
  /** An account that already offers a strategy, or is a copy account. */
  'strategy_account_taken',
  /** Text with a NUL character (U+0000): no form types one, and PostgreSQL cannot store it. */
  'nul',
] as const;

/** A rule that a field broke. */
export type Rule = (typeof RULES)[number];

/** The `params` of a zod refinement that reports `rule` (server/http/validation.ts reads it). */
export const breaks = (rule: Rule) => ({ params: { rule } });
