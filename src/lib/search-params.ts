/**
 * Readers for validated search params (`validateSearch`): each takes what the URL holds and
 * returns a valid value or `undefined` (the param is then left out). Hand-written rather than zod:
 * route files are part of the entry chunk, and zod would put its weight on the sign-in path.
 */
export const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** A whole number from 1 (ids, page numbers); "2" from a hand-typed URL counts too. */
export function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/** A calendar day, `YYYY-MM-DD`. */
export const isoDay = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

/** Drops the params left `undefined`, so the URL holds only what is set. */
export function defined<T extends Record<string, unknown>>(params: T): Partial<T> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Partial<T>;
}
