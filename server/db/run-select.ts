import type { CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './schema.ts';

/** A select's rows read at once, or undefined when it must wait for its turn. */
type ImmediateSelect = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;

const immediateSelects = new WeakMap<Db, ImmediateSelect>();

/** connect() gives each SQLite database it opens the way to answer a select at once. */
export function answerSelectsAtOnce(db: Db, select: ImmediateSelect): void {
  immediateSelects.set(db, select);
}

/**
 * Runs a compiled select, as `db.executeQuery` does. On SQLite, when no transaction is open on
 * the connection, its kept statement runs at once: better-sqlite3 answers synchronously, and
 * Kysely's way there (the connection's mutex, a dozen async steps) cost about 2 µs a query, a
 * few percent of an authenticated request (docs/adr/0111). In a transaction, which holds the
 * mutex and may hold rows not yet committed, the select waits for its turn through Kysely as any
 * query does; so it does on PostgreSQL, and on a transaction's own `trx`.
 */
export function runSelect<Row>(db: Db, query: CompiledQuery<Row>): Promise<QueryResult<Row>> {
  const immediate = immediateSelects.get(db);
  if (immediate) {
    try {
      const rows = immediate(query.sql, query.parameters);
      if (rows) return Promise.resolve({ rows: rows as Row[] });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  return db.executeQuery(query);
}
