import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { runSelect } from './run-select.ts';
import type { Db } from './schema.ts';

/**
 * A query compiled once and run with each call's values. Kysely builds and compiles a query again
 * every time it runs (for a summary with a dozen joins and subqueries, several times what the
 * database takes to answer it); a query whose shape never changes needs it once. `build` gets a
 * stand-in for each named value, and the stand-ins are swapped for the call's values. The query
 * is a select: it runs through runSelect().
 */
export function precompiled<Row, Name extends string>(
  db: Db,
  names: readonly Name[],
  build: (values: Record<Name, string>) => Compilable<Row>,
): (values: Partial<Record<Name, unknown>>) => Promise<QueryResult<Row>> {
  const standIns = Object.fromEntries(names.map((name) => [name, `\u0000${name}\u0000`])) as Record<Name, string>;
  const compiled: CompiledQuery<Row> = build(standIns).compile();
  const slots = compiled.parameters.map((parameter) => names.find((name) => standIns[name] === parameter));
  return (values) => runSelect<Row>(db, { ...compiled, parameters: compiled.parameters.map((parameter, i) => (slots[i] === undefined ? parameter : values[slots[i]])) });
}
