import type { Config } from '../config.ts';
import type { Db } from '../db/schema.ts';
import { EmbeddedPlatform, type EmbeddedPlatformOptions } from './embedded/platform.ts';
import { type Leadership, type LeadershipLog, postgresLeadership, redisLeadership, soloLeadership } from './embedded/leader.ts';
import type { TradingPlatform } from './port.ts';

export type { TradingPlatform } from './port.ts';
export { PlatformError, type PlatformErrorCode } from './port.ts';
export { EmbeddedPlatform } from './embedded/platform.ts';
export type { PastTrade, PlatformHistory } from './embedded/history.ts';

export interface CreatePlatformOptions {
  config: Pick<Config, 'platform' | 'database' | 'redisUrl' | 'passwordHashing'>;
  db: Db;
  clock?: () => Date;
  log?: EmbeddedPlatformOptions['log'] & LeadershipLog;
  /** Tests: `manual` moves prices only through the embedded platform's `tick()` and `setQuote()`. */
  feed?: EmbeddedPlatformOptions['feed'];
  /** Days of minute bars a fresh install back-fills (default 30). */
  backfillDays?: number;
}

/** Redis key of the leader lock, one per database the processes share. */
export const LEADER_KEY = 'traderoom:platform:leader';

/**
 * Which process runs the embedded simulation: with REDIS_URL a Redis lock, else on PostgreSQL an
 * advisory lock, else (SQLite) this process, the database's only one.
 */
export function leadershipFor(config: CreatePlatformOptions['config'], log?: LeadershipLog): Leadership {
  if (config.redisUrl) return redisLeadership(config.redisUrl, LEADER_KEY, log);
  if (config.database.dialect === 'postgres') return postgresLeadership(config.database.url, log);
  return soloLeadership();
}

/** The platform PLATFORM names; not started (`start()` begins the feed). */
export function createPlatform(options: CreatePlatformOptions): TradingPlatform & Pick<EmbeddedPlatform, 'events'> {
  const { config } = options;
  if (config.platform.name !== 'embedded') {
    throw new Error(`PLATFORM=${String(config.platform.name)}: the only platform built is \`embedded\`; docs/platforms.md maps MetaTrader 5 and cTrader for an adapter`);
  }
  return new EmbeddedPlatform({
    db: options.db,
    leadership: leadershipFor(config, options.log),
    ...(options.clock ? { clock: options.clock } : {}),
    seed: config.platform.seed,
    tickMs: config.platform.tickMs,
    marginCallLevel: config.platform.marginCallLevel,
    stopOutLevel: config.platform.stopOutLevel,
    quoteMaxAgeSeconds: config.platform.quoteMaxAgeSeconds,
    feed: options.feed ?? 'simulated',
    ...(options.backfillDays !== undefined ? { backfillDays: options.backfillDays } : {}),
    passwordHashing: config.passwordHashing,
    ...(options.log ? { log: options.log } : {}),
  });
}
