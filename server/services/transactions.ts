import type { SelectQueryBuilder } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { Database, Db } from '../db/schema.ts';

/**
 * Row locks for a read-then-write inside a transaction. PostgreSQL: `SELECT … FOR UPDATE`, so
 * concurrent transactions on the same rows queue up. SQLite has no row locks and needs none:
 * the one connection runs one transaction at a time (Kysely's driver holds it for the whole
 * transaction), so the same code is serialized on both.
 */
export function forUpdate<TB extends keyof Database, O>(db: Db, query: SelectQueryBuilder<Database, TB, O>): SelectQueryBuilder<Database, TB, O> {
  return dialectOf(db) === 'postgres' ? query.forUpdate() : query;
}
