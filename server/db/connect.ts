import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DatabaseTarget } from '../config.ts';
import { postgres } from '../packages.ts';
import type { Db } from './schema.ts';

const INT8_OID = 20;

/**
 * bigint columns (money in minor units) and count(*) come back as JS numbers, as they do from
 * SQLite, instead of strings. Exact up to 2^53: far above any balance this product holds.
 */
function pgTypes(pg: ReturnType<typeof postgres>) {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  };
}

/** The pool size when DATABASE_POOL_MAX is not given (server/config.ts documents the choice). */
export const DEFAULT_POOL_MAX = 10;
/** Statements kept prepared per SQLite connection: the app runs a few hundred distinct queries. */
const STATEMENTS_KEPT = 1000;

/**
 * Kysely prepares every query again (about 40% of a busy server's CPU on SQLite); better-sqlite3's
 * statements can be run again and again. Kysely asks the database for `prepare(sql)`, so the cache
 * sits there: the same SQL text gets the same statement, unless that one is still being iterated
 * (a streamed query), which gets a fresh one.
 */
function reusingStatements(database: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: STATEMENTS_KEPT });
  return {
    close: () => database.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept;
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      return statement;
    },
  };
}

/** Opens the database DATABASE_URL points at. The caller owns it: `db.destroy()` closes it. */
export function connect(target: DatabaseTarget): Db {
  if (target.dialect === 'postgres') {
    const pg = postgres();
    return new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, max: target.poolMax ?? DEFAULT_POOL_MAX, types: pgTypes(pg) }) }) });
  }
  if (target.filename !== ':memory:') mkdirSync(dirname(target.filename), { recursive: true });
  const database = new SQLite(target.filename);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // lower() as PostgreSQL has it under a UTF-8 locale (Cyrillic too), for searches that must answer alike on both.
  database.function('unicode_lower', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text) as string | null);
  return new Kysely({ dialect: new SqliteDialect({ database: reusingStatements(database) }) });
}
