import type { Locale } from '../../src/contract/locales.ts';
import type { Throttle } from '../services/throttle.ts';
import { httpError } from './http-error.ts';

/** Throws the contract's 429 (with Retry-After) when `key` has used up its attempts. Does not count. */
export function refuseWhenLimited(throttle: Throttle, key: string, locale: Locale): void {
  const verdict = throttle.check(key);
  if (verdict.limited) throw httpError(429, locale, 'auth.throttle', { 'retry-after': String(verdict.retryAfterSeconds) });
}

/** A request that counts whatever its outcome (Laravel's `throttle:6,1` middleware): refuse past the limit, else count it. */
export function spendAttempt(throttle: Throttle, key: string, locale: Locale): void {
  refuseWhenLimited(throttle, key, locale);
  throttle.hit(key);
}
