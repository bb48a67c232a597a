import { expect } from 'vitest';
import type { Config } from '../../../server/config.ts';
import { connect } from '../../../server/db/connect.ts';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import type { Db } from '../../../server/db/schema.ts';
import { EmbeddedPlatform } from '../../../server/platform/embedded/platform.ts';
import { leadershipFor } from '../../../server/platform/index.ts';
import type { PlatformDb } from '../../../server/platform/embedded/tables.ts';
import { type Dialect, type FreshDatabase, TestClock, testConfig } from '../support.ts';

export interface PlatformHarness {
  platform: EmbeddedPlatform;
  db: Db;
  /** The platform's own tables, for checks a caller could not make through the port. */
  tables: PlatformDb;
  clock: TestClock;
  config: Config;
  /** Another platform process on the same database (not started). */
  another(options?: { backfillDays?: number }): EmbeddedPlatform;
  close(): Promise<void>;
}

export interface HarnessOptions {
  platform?: Partial<Config['platform']>;
  backfillDays?: number;
  feed?: 'simulated' | 'manual';
  /** Leave the platform unstarted. */
  start?: boolean;
}

/**
 * A migrated database of `dialect` and an embedded platform on it with a manual feed: prices move
 * only when the test says so. The clock stands on a Tuesday morning (FX and gold trading).
 */
export async function startPlatform(dialect: Dialect, options: HarnessOptions = {}): Promise<PlatformHarness> {
  const database: FreshDatabase = await dialect.fresh();
  const base = testConfig(database.url);
  const config: Config = { ...base, platform: { ...base.platform, ...options.platform } };
  const db = connect(config.database);
  await migrateToLatest(db);
  const clock = new TestClock();
  const others: EmbeddedPlatform[] = [];
  const make = (backfillDays: number) =>
    new EmbeddedPlatform({
      db,
      leadership: leadershipFor(config),
      clock: clock.now,
      seed: config.platform.seed,
      tickMs: config.platform.tickMs,
      marginCallLevel: config.platform.marginCallLevel,
      stopOutLevel: config.platform.stopOutLevel,
      quoteMaxAgeSeconds: config.platform.quoteMaxAgeSeconds,
      feed: options.feed ?? 'manual',
      backfillDays,
      passwordHashing: config.passwordHashing,
    });
  const platform = make(options.backfillDays ?? 0);
  if (options.start ?? true) await platform.start();
  return {
    platform,
    db,
    tables: db as unknown as PlatformDb,
    clock,
    config,
    another(opts = {}) {
      const other = make(opts.backfillDays ?? 0);
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await platform.close();
      await db.destroy();
      await database.drop();
    },
  };
}

export interface AccountOptions {
  currency?: 'USD' | 'EUR' | 'GBP' | 'JPY';
  leverage?: number;
  deposit?: number;
}

const PRECISION = { USD: 2, EUR: 2, GBP: 2, JPY: 0 } as const;

let references = 0;
export const nextReference = (prefix = 'DEP') => `${prefix}-T${String(++references).padStart(9, '0')}`;

/** A demo account with `deposit` minor units on it. */
export async function openFunded(platform: EmbeddedPlatform, { currency = 'USD', leverage = 100, deposit = 0 }: AccountOptions = {}): Promise<string> {
  const { login } = await platform.openAccount({ group: 'demo', currency, precision: PRECISION[currency], leverage, name: 'Ivan Petrenko' });
  if (deposit) await platform.balance({ login, kind: 'deposit', amount: deposit, reference: nextReference() });
  return login;
}

/** Rejection with a PlatformError of `code`. */
export const refusal = (code: string) => expect.objectContaining({ name: 'PlatformError', code });

