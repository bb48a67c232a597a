import { ioredis } from '../packages.ts';
import { RateLimiterMemory, type RateLimiterAbstract, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** One limit: `points` attempts per key within a fixed window of `windowSeconds`. */
export interface Limit {
  /** Names the limit's keys in the store (`traderoom:throttle:{name}:{key}` in Redis). */
  name: string;
  points: number;
  windowSeconds: number;
}

export type ThrottleVerdict = { limited: false } | { limited: true; retryAfterSeconds: number };

/**
 * A counter per key that is taken BEFORE the work it guards (a password check, a mail), so that
 * requests arriving together cannot all pass a check made before any of them is counted. Each
 * `reserve` is one atomic increment in the store (memory, or Redis shared by every app process).
 */
export interface Throttle {
  readonly limit: Limit;
  /** Takes one attempt from `key`; limited (and nothing granted) when none was left. */
  reserve(key: string): Promise<ThrottleVerdict>;
  /** Gives one reserved attempt back: it turned out not to count (a success, or refused elsewhere). */
  giveBack(key: string): Promise<void>;
  /** Forgets every attempt of `key` (a successful sign-in from this address). */
  clear(key: string): Promise<void>;
}

/** Where the counters live: this process's memory (default) or Redis (`REDIS_URL`). */
export interface ThrottleStore {
  readonly kind: 'memory' | 'redis';
  create(limit: Limit): Throttle;
  close(): Promise<void>;
}

function throttleOver(limit: Limit, limiter: RateLimiterAbstract): Throttle {
  return {
    limit,
    async reserve(key) {
      try {
        await limiter.consume(key);
        return { limited: false };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
    },
    async giveBack(key) {
      await limiter.reward(key);
    },
    async clear(key) {
      await limiter.delete(key);
    },
  };
}

const memoryLimiter = (limit: Limit) =>
  new RateLimiterMemory({ keyPrefix: limit.name, points: limit.points, duration: limit.windowSeconds });

/**
 * Counters in this process. An entry lives one window (the library drops it then), so memory
 * holds only keys seen in the current windows.
 */
export function memoryThrottles(): ThrottleStore {
  return { kind: 'memory', create: (limit) => throttleOver(limit, memoryLimiter(limit)), close: async () => {} };
}

/**
 * Counters in Redis, shared by every app process. While Redis is unreachable each process falls
 * back to its own memory counters (the library's insurance limiter) rather than failing requests
 * or letting them through uncounted.
 */
export async function redisThrottles(url: string): Promise<ThrottleStore> {
  // No offline queue: a command while disconnected fails at once and the insurance limiter answers.
  const client = new (ioredis().Redis)(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  await client.connect();
  return {
    kind: 'redis',
    create: (limit) =>
      throttleOver(
        limit,
        new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `traderoom:throttle:${limit.name}`,
          points: limit.points,
          duration: limit.windowSeconds,
          rejectIfRedisNotReady: true,
          insuranceLimiter: memoryLimiter(limit),
        }),
      ),
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/**
 * Reserves one attempt from each `[throttle, key]` in order; when one is limited, gives back the
 * ones already taken (an attempt refused unseen does not count elsewhere) and answers its verdict.
 */
export async function reserveAll(reservations: ReadonlyArray<readonly [Throttle, string]>): Promise<ThrottleVerdict> {
  const taken: Array<readonly [Throttle, string]> = [];
  for (const reservation of reservations) {
    const [throttle, key] = reservation;
    const verdict = await throttle.reserve(key);
    if (verdict.limited) {
      await Promise.all(taken.map(([t, k]) => t.giveBack(k)));
      return verdict;
    }
    taken.push(reservation);
  }
  return { limited: false };
}
