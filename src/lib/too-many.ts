import { plural } from '@lingui/core/macro';
import { errorStatus, FetchError } from './http';

/** Seconds to wait from a 429's Retry-After header, or null for any other failure. */
export function retryAfterSeconds(error: unknown): number | null {
  if (errorStatus(error) !== 429) return null;
  const header = error instanceof FetchError ? error.response?.headers.get('retry-after') : null;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}

/**
 * Runs a call; a 429 becomes a failure whose message says how long to wait (the form shows it
 * as its generic error), instead of the contract's bare "Too Many Attempts.".
 */
export async function explainTooMany<T>(call: () => Promise<T>, explain: (seconds: number) => string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const seconds = retryAfterSeconds(error);
    if (seconds === null) throw error;
    throw Object.assign(new Error('Too Many Attempts.'), { data: { message: explain(seconds) } });
  }
}

/**
 * "Too many attempts. Try again in N seconds." in the current language; from two minutes on, in
 * minutes (an hourly mail limit would otherwise read "3541 seconds").
 */
export function waitMessage(seconds: number): string {
  if (seconds >= 120) {
    const minutes = Math.ceil(seconds / 60);
    return plural(minutes, {
      one: 'Too many attempts. Try again in # minute.',
      other: 'Too many attempts. Try again in # minutes.',
    });
  }
  return plural(seconds, {
    one: 'Too many attempts. Try again in # second.',
    other: 'Too many attempts. Try again in # seconds.',
  });
}
