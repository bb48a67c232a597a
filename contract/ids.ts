/**
 * The largest id a row can have: ids are 32-bit `integer` columns. A larger number names no row,
 * and PostgreSQL refuses to compare an `integer` column with it (SQLite just finds nothing), so
 * every id from a caller is checked against this before it reaches a query.
 */
export const ID_MAX = 2_147_483_647;

/** A row id from a caller (path, query, body; a number or decimal text), or null when it cannot name a row. */
export function toId(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= ID_MAX ? n : null;
}
