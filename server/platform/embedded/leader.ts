import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { ioredis, postgres } from '../../packages.ts';

/**
 * Who runs the simulation: exactly one process at a time. `onChange(true)` when this process
 * becomes the leader, `onChange(false)` when it stops being one (its lock connection failed or
 * its Redis lock expired); a process that is not the leader waits and takes over when it can.
 */
export interface Leadership {
  /** Resolves once the first attempt is decided (this process leads now, or waits). */
  start(onChange: (leading: boolean) => void): Promise<void>;
  close(): Promise<void>;
}

export interface LeadershipLog {
  warn(obj: object, msg: string): void;
}

/** SQLite: one process owns the file, so it leads. */
export function soloLeadership(): Leadership {
  return {
    async start(onChange) {
      onChange(true);
    },
    async close() {},
  };
}

/**
 * PostgreSQL: a session-level advisory lock on a connection of its own. The waiting process blocks
 * in `pg_advisory_lock`, so it takes over the moment the leader's session ends, without polling.
 * The key is per schema: installations (and test suites) sharing one database do not share a leader.
 */
export function postgresLeadership(url: string, log?: LeadershipLog, retryMs = 2_000): Leadership {
  const KEY = `hashtext('traderoom-platform:' || current_schema())`;
  let client: pg.Client | null = null;
  let closed = false;
  let leading = false;
  let notify: (leading: boolean) => void = () => {};

  const set = (value: boolean) => {
    if (leading === value) return;
    leading = value;
    notify(value);
  };

  async function connect(): Promise<pg.Client> {
    const c = new (postgres().Client)({ connectionString: url });
    c.on('error', (err) => {
      // The session is gone and the lock with it.
      log?.warn({ err }, 'platform: the leader lock connection failed');
      if (client === c) {
        client = null;
        set(false);
        retry();
      }
    });
    await c.connect();
    client = c;
    return c;
  }

  function retry() {
    if (closed) return;
    setTimeout(() => void waitForLock().catch(() => retry()), retryMs).unref();
  }

  async function waitForLock(): Promise<void> {
    const c = client ?? (await connect());
    await c.query(`select pg_advisory_lock(${KEY})`);
    if (closed || client !== c) return;
    set(true);
  }

  return {
    async start(onChange) {
      notify = onChange;
      const c = await connect();
      const { rows } = await c.query<{ locked: boolean }>(`select pg_try_advisory_lock(${KEY}) as locked`);
      if (rows[0]?.locked) set(true);
      else void waitForLock().catch((err: unknown) => {
        if (!closed) {
          log?.warn({ err }, 'platform: waiting for the leader lock failed');
          retry();
        }
      });
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      // Ending the session releases the lock (and abandons a wait for it).
      await c?.end().catch(() => {});
      set(false);
    },
  };
}

/** Deletes the key only while it still holds our token: an expired lock taken by another is left alone. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/**
 * Redis (several processes with REDIS_URL): a key set with NX and an expiry, renewed at a third of
 * it while this process leads. A leader that stops renewing (stalled, killed) loses the key when it
 * expires and another process takes it on its next attempt.
 */
export function redisLeadership(url: string, key: string, log?: LeadershipLog, ttlMs = 10_000): Leadership {
  const redis = new (ioredis().Redis)(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const token = randomBytes(16).toString('hex');
  let timer: NodeJS.Timeout | undefined;
  let leading = false;
  let notify: (leading: boolean) => void = () => {};

  async function attempt(): Promise<void> {
    try {
      if (leading) {
        const renewed = await redis.eval(RENEW, 1, key, token, String(ttlMs));
        if (renewed !== 1) {
          leading = false;
          notify(false);
        }
      } else if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) === 'OK') {
        leading = true;
        notify(true);
      }
    } catch (err) {
      log?.warn({ err }, 'platform: the Redis leader lock failed');
      if (leading) {
        leading = false;
        notify(false);
      }
    }
  }

  return {
    async start(onChange) {
      notify = onChange;
      await redis.connect();
      await attempt();
      timer = setInterval(() => void attempt(), Math.floor(ttlMs / 3));
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      if (leading) await redis.eval(RELEASE, 1, key, token).catch(() => {});
      leading = false;
      notify(false);
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
