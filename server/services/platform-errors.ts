import { PlatformError, type PlatformErrorCode } from '../platform/port.ts';
import { RuleError, type RuleFailure } from './rule-error.ts';
import { NotFoundError, UnavailableError } from './service-errors.ts';

/** Where each refusal lands by default: the field of the request it is about and the rule it breaks. */
const DEFAULT_FAILURES: Record<Exclude<PlatformErrorCode, 'not_found' | 'unavailable'>, RuleFailure> = {
  archived: { field: 'account', rule: 'archived' },
  market_closed: { field: 'symbol', rule: 'market_closed' },
  unknown_symbol: { field: 'symbol', rule: 'unknown_symbol' },
  invalid_volume: { field: 'volume', rule: 'invalid_volume' },
  invalid_stops: { field: 'stop_loss', rule: 'invalid_stops' },
  no_money: { field: 'volume', rule: 'not_enough_margin' },
  margin_exceeds_equity: { field: 'leverage', rule: 'margin_exceeds_equity' },
  has_positions: { field: 'account', rule: 'has_positions' },
  has_balance: { field: 'account', rule: 'has_balance' },
};

export type FailureOverrides = Partial<Record<PlatformErrorCode, (error: PlatformError) => RuleFailure>>;

/**
 * The platform's refusal as the app answers it: a translated 422 on the request's field, 404 for
 * an account the platform does not know, 503 when it cannot be reached. Never a 500.
 */
export function translatePlatformError(error: unknown, overrides: FailureOverrides = {}): unknown {
  if (!(error instanceof PlatformError)) return error;
  const override = overrides[error.code];
  if (override) return new RuleError([override(error)]);
  if (error.code === 'not_found') return new NotFoundError('platform: unknown login');
  if (error.code === 'unavailable') return new UnavailableError('platform: unavailable', error.detail.reason === 'no_prices' ? 'no_prices' : 'unreachable');
  return new RuleError([DEFAULT_FAILURES[error.code]]);
}

/** Runs a platform call and answers its refusal translated (translatePlatformError). */
export async function onPlatform<T>(call: () => Promise<T>, overrides: FailureOverrides = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw translatePlatformError(error, overrides);
  }
}
