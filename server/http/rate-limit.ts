import type { Locale } from '../../contract/locales.ts';
import { reserveAll, type Throttle, type ThrottleVerdict } from '../services/throttle.ts';
import { httpError } from './http-error.ts';

/** The contract's 429 with Retry-After. */
export function tooManyAttempts(verdict: { retryAfterSeconds: number }, locale: Locale) {
  return httpError(429, locale, 'auth.throttle', { 'retry-after': String(verdict.retryAfterSeconds) });
}

/** Throws the 429 for a limited verdict. */
export function refuseWhenLimited(verdict: ThrottleVerdict, locale: Locale): void {
  if (verdict.limited) throw tooManyAttempts(verdict, locale);
}

/**
 * Takes one attempt from each `[throttle, key]` before the work they guard, or throws the 429
 * (giving back what was taken). A request that counts whatever its outcome, like Laravel's
 * `throttle:6,1`, calls this first; one that counts only failures gives the attempt back on success.
 */
export async function spendAttempt(reservations: ReadonlyArray<readonly [Throttle, string]>, locale: Locale): Promise<void> {
  refuseWhenLimited(await reserveAll(reservations), locale);
}
