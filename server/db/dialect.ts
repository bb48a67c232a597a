import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, SqliteAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** What a migration sees: the tables as they were when it was written, not today's schema (schema.ts). */
export type MigrationDb = Kysely<Record<string, Record<string, unknown>>>;

export function dialectOf<DB>(db: Kysely<DB>): DialectName {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  throw new Error('Unsupported database dialect');
}

/**
 * An auto-numbered integer primary key for `addColumn('id', 'integer', primaryId(db))`:
 * `integer primary key autoincrement` on SQLite (ids never reused), an identity column on PostgreSQL.
 */
export function primaryId<DB>(db: Kysely<DB>): (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return dialectOf(db) === 'postgres'
    ? (col) => col.primaryKey().generatedByDefaultAsIdentity()
    : (col) => col.primaryKey().autoIncrement();
}

/** True when `error` is a unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
