import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import type { Db } from './schema.ts';

const INT8_OID = 20;

/**
 * bigint columns (money in minor units) and count(*) come back as JS numbers, as they do from
 * SQLite, instead of strings. Exact up to 2^53: far above any balance this product holds.
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** Opens the database DATABASE_URL points at. The caller owns it: `db.destroy()` closes it. */
export function connect(target: DatabaseTarget): Db {
  if (target.dialect === 'postgres') {
    return new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, max: 10, types: pgTypes }) }) });
  }
  if (target.filename !== ':memory:') mkdirSync(dirname(target.filename), { recursive: true });
  const database = new SQLite(target.filename);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely({ dialect: new SqliteDialect({ database }) });
}
