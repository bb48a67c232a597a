import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { type Leadership, redisLeadership } from '../../../server/platform/embedded/leader.ts';
import { type RedisServer, startRedisServer } from '../redis-server.ts';

/** A leadership and the changes it reported, with a way to wait for the next one. */
function watch(leadership: Leadership) {
  const changes: boolean[] = [];
  let waiting: ((value: boolean) => void) | null = null;
  const started = leadership.start((leading) => {
    changes.push(leading);
    waiting?.(leading);
    waiting = null;
  });
  return { leadership, changes, started, next: () => new Promise<boolean>((resolve) => (waiting = resolve)) };
}

describe('the embedded platform leader lock on Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis.stop());

  it('lets one process lead; another takes over when it stops, or when its lock is lost', async () => {
    const key = 'traderoom:platform:leader:test';
    const a = watch(redisLeadership(redis.url, key, undefined, 600));
    await a.started;
    const b = watch(redisLeadership(redis.url, key, undefined, 600));
    await b.started;
    expect([a.changes, b.changes]).toEqual([[true], []]);

    const bLeads = b.next();
    await a.leadership.close();
    expect(await bLeads).toBe(true);
    expect(a.changes).toEqual([true, false]);

    // Someone else's token in the key (b's lock expired while it stalled, and another took it): b steps down.
    const c = new Redis(redis.url);
    const bSteps = b.next();
    await c.set(key, 'another-process', 'PX', 60_000);
    expect(await bSteps).toBe(false);
    c.disconnect();
    await b.leadership.close();
  });
});
