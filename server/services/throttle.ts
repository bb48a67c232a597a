import type { Clock } from './clock.ts';

export interface ThrottleOptions {
  /** Attempts allowed within one window; the next one is refused. */
  maxAttempts: number;
  windowMs: number;
  clock: Clock;
}

export type ThrottleVerdict = { limited: false } | { limited: true; retryAfterSeconds: number };

export interface Throttle {
  /** Whether `key` has used up its attempts in the current window. Does not count. */
  check(key: string): ThrottleVerdict;
  /** Counts one attempt (a failure) against `key`. */
  hit(key: string): void;
  /** Forgets `key` (after a success). */
  clear(key: string): void;
}

/**
 * In-memory fixed-window counter per key, like Laravel's RateLimiter: the window opens at
 * the first counted attempt and lasts `windowMs`. One process only; a cluster of servers
 * would move this into the database or Redis behind the same interface.
 */
export function createThrottle({ maxAttempts, windowMs, clock }: ThrottleOptions): Throttle {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;

  function live(key: string, now: number) {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Drops expired windows at most once a window, so memory stays bounded by recent keys. */
  function sweep(now: number) {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, entry] of windows) if (entry.resetAt <= now) windows.delete(key);
  }

  return {
    check(key) {
      const now = clock().getTime();
      const entry = live(key, now);
      if (!entry || entry.count < maxAttempts) return { limited: false };
      return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) };
    },
    hit(key) {
      const now = clock().getTime();
      sweep(now);
      const entry = live(key, now);
      if (entry) entry.count += 1;
      else windows.set(key, { count: 1, resetAt: now + windowMs });
    },
    clear(key) {
      windows.delete(key);
    },
  };
}
