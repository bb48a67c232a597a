/** Keys whose values never leave the app, not even to a developer tool: tokens and passwords. */
const SECRET = /token|password|secret/i;

export const REDACTED = '[redacted]';

/** A JSON-safe copy of `value` with secrets replaced, errors by their message, cycles cut. */
export function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' ? '[function]' : typeof value === 'bigint' ? String(value) : value;
  }
  if (value instanceof Error) return { error: value.message };
  if (value instanceof Date) return value.toISOString();
  if (seen.has(value) || depth > 8) return '[…]';
  seen.add(value);
  if (value instanceof Set || Array.isArray(value)) return [...value].map((item) => redact(item, depth + 1, seen));
  if (value instanceof Map) return Object.fromEntries([...value].map(([key, item]) => [String(key), redact(item, depth + 1, seen)]));
  // Actor references in context (spawned children) are shown by id, not walked.
  if ('sessionId' in value && 'send' in value) return `[actor ${String((value as { id?: unknown }).id ?? '')}]`;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET.test(key) && item !== null && item !== undefined ? REDACTED : redact(item, depth + 1, seen),
    ]),
  );
}
