import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type PostgresPool, type PostgresPoolClient, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DatabaseTarget } from '../config.ts';
import { postgres } from '../packages.ts';
import { answerSelectsAtOnce } from './run-select.ts';
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

/** Statements kept prepared per PostgreSQL connection; past it, new texts run unnamed (IN lists of every length). */
const PG_STATEMENTS_KEPT = 500;
/** What PostgreSQL answers when a table changed under a statement prepared before (a migration in the same process). */
const STALE_PLAN = 'cached plan must not change result type';

/** A statement's name on the server: the same text gets the same name on every connection. */
const statementName = (text: string) => `k${createHash('sha1').update(text).digest('base64url')}`;

/**
 * The same reuse on PostgreSQL: a statement with parameters runs under a name, which node-postgres
 * prepares once per connection (parse and plan on the server, then only bind and execute).
 * Statements without parameters (migrations, `begin`) keep the simple protocol, which takes
 * several commands in one text. Cursors (streamed queries) pass through untouched.
 */
function reusingPgStatements(pool: InstanceType<ReturnType<typeof postgres>['Pool']>): PostgresPool {
  const names = new LRUCache<string, string>({ max: STATEMENTS_KEPT });
  /** Per connection: each text seen, and whether it runs under its name there (false: unnamed, stale or over the cap). */
  const seen = new WeakMap<object, Map<string, boolean>>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) names.set(text, (name = statementName(text)));
    return name;
  };
  return {
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      let texts = seen.get(client);
      if (!texts) seen.set(client, (texts = new Map()));
      const own = texts;
      const query = (text: unknown, values?: unknown[]) => {
        if (typeof text !== 'string') return client.query(text as never);
        if (!values?.length) return client.query(text, values);
        const named = own.get(text);
        if (named === false || (named === undefined && own.size >= PG_STATEMENTS_KEPT)) return client.query(text, values);
        own.set(text, true);
        return client.query({ name: nameOf(text), text, values }).catch((error: unknown) => {
          if (!(error instanceof Error) || !error.message.includes(STALE_PLAN)) throw error;
          // The connection keeps the old plan under that name: the text runs unnamed on it from now on.
          own.set(text, false);
          return client.query(text, values);
        });
      };
      return { release: () => client.release(), query: query as unknown as PostgresPoolClient['query'] };
    },
  };
}

/** What a lost idle PostgreSQL connection says by default: one line on the process's error output. */
const warnLostConnection = (error: Error) =>
  console.warn(`PostgreSQL ended an idle connection (${(error as { code?: string }).code ?? 'no code'}: ${error.message}); the pool opens another when one is needed`);

/**
 * Opens the database DATABASE_URL points at. The caller owns it: `db.destroy()` closes it.
 * `reuseStatements: false` is the bench's baseline (every statement parsed and planned again).
 * `onLostConnection` hears of an idle PostgreSQL connection the server ended (a restart, a
 * fail-over, an administrator's terminate): the pool has dropped it already and opens another for
 * the next query. Unheard, node-postgres's pool raises it as an error event nobody listens to,
 * which stops the process.
 */
export function connect(
  target: DatabaseTarget,
  { reuseStatements = true, onLostConnection = warnLostConnection }: { reuseStatements?: boolean; onLostConnection?: (error: Error) => void } = {},
): Db {
  if (target.dialect === 'postgres') {
    const pg = postgres();
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolMax ?? DEFAULT_POOL_MAX, types: pgTypes(pg) });
    pool.on('error', onLostConnection);
    // A kept statement is still planned for its values: after five runs PostgreSQL would otherwise
    // settle on one plan for any values, and a room search for a rare name then walked every room
    // by activity (4–8 ms at 10,000 rooms, against under 1 ms planned for the term). Queued before
    // anything else the connection runs.
    pool.on('connect', (client) => void client.query('set plan_cache_mode = force_custom_plan').catch(() => undefined));
    return new Kysely({ dialect: new PostgresDialect({ pool: reuseStatements ? reusingPgStatements(pool) : pool }) });
  }
  if (target.filename !== ':memory:') mkdirSync(dirname(target.filename), { recursive: true });
  const database = new SQLite(target.filename);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // lower() as PostgreSQL has it under a UTF-8 locale (Cyrillic too), for searches that must answer alike on both.
  database.function('unicode_lower', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text) as string | null);
  const statements = reuseStatements ? reusingStatements(database) : database;
  const db: Db = new Kysely({ dialect: new SqliteDialect({ database: statements }) });
  answerSelectsAtOnce(db, (sql, parameters) => {
    if (database.inTransaction) return undefined;
    const statement = statements.prepare(sql);
    return statement.reader ? statement.all(parameters) : undefined;
  });
  return db;
}
