import { z } from 'zod';
import type { Locale } from '../../contract/locales.ts';
import type { Rule } from '../../contract/validation.ts';
import { attributeName, t, type MessageParams } from '../i18n/index.ts';
import { HttpError } from './http-error.ts';

export interface Failure {
  field: string;
  rule: Rule;
  limit?: number;
  /** Further values for the message (e.g. both ends of `between`). */
  params?: MessageParams;
}

export type Checked<T> = { ok: true; data: T } | { ok: false; failures: Failure[] };

/**
 * Runs a contract schema over a request body (or query) and names each zod issue as the Laravel
 * rule it stands for. A body that is not a JSON object counts as an empty one (every field missing).
 * A missing or emptied field reports only `required`, as Laravel does. Text holding a NUL
 * character is refused here, for every field of every schema, whatever else the field allows
 * (path parameters aside: `refuseNul: false`, a path that names nothing is the route's 404).
 */
export function check<S extends z.ZodType>(schema: S, body: unknown, { refuseNul = true } = {}): Checked<z.output<S>> {
  const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  const result = schema.safeParse(input, { reportInput: true });
  // The fields the schema reads: what it kept, or (when it failed) the input's fields it knows.
  const nul = refuseNul ? nulFailures(result.success ? result.data : knownFields(schema, input)) : [];
  if (result.success && nul.length === 0) return { ok: true, data: result.data };

  const failures: Failure[] = [];
  const required = new Set<string>();
  const nulFields = nul.map((f) => f.field);
  const holdsNul = (field: string) => nulFields.some((n) => field === n || n.startsWith(`${field}.`) || field.startsWith(`${n}.`));
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (holdsNul(field)) continue;
    const failure = toFailure(field, issue);
    if (required.has(field)) continue;
    if (failure.rule === 'required') {
      required.add(field);
      for (let i = failures.length - 1; i >= 0; i--) if (failures[i]!.field === field) failures.splice(i, 1);
    }
    failures.push(failure);
  }
  return { ok: false, failures: [...failures, ...nul] };
}

/** The input's fields that an object schema declares (others are dropped unread); any other schema reads it all. */
function knownFields(schema: z.ZodType, input: object): object {
  if (!(schema instanceof z.ZodObject)) return input;
  const shape = schema.shape as Record<string, unknown>;
  return Object.fromEntries(Object.entries(input).filter(([key]) => Object.hasOwn(shape, key)));
}

/** A `nul` failure for every text (at any depth) that holds U+0000, named by its path (`currencies.0`). */
function nulFailures(value: unknown, path: string[] = [], found: Failure[] = []): Failure[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push({ field: path.join('.') || 'body', rule: 'nul' });
  } else if (typeof value === 'object' && value !== null && path.length < 8) {
    for (const [key, item] of Object.entries(value)) nulFailures(item, [...path, key], found);
  }
  return found;
}

const NUMERIC = new Set(['number', 'int', 'bigint']);

function toFailure(field: string, issue: z.core.$ZodIssue): Failure {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { field, rule: 'required' };
      if (issue.expected === 'string') return { field, rule: 'string' };
      if (issue.expected === 'boolean') return { field, rule: 'boolean' };
      if (issue.expected === 'array') return { field, rule: 'array' };
      if (issue.expected === 'number' || issue.expected === 'int') return { field, rule: 'integer' };
      return { field, rule: 'invalid' };
    case 'invalid_union':
      // A field that may be a number or text (an id from a select): absent is `required`.
      if (issue.input === undefined || issue.input === null) return { field, rule: 'required' };
      return { field, rule: 'invalid' };
    case 'too_small':
      // Laravel turns an empty string into null, which fails `required` before any length rule.
      if (issue.origin === 'string' && (issue.input === '' || Number(issue.minimum) <= 1)) return { field, rule: 'required' };
      // An empty list fails Laravel's `required` too.
      if (issue.origin === 'array' && Number(issue.minimum) <= 1) return { field, rule: 'required' };
      if (NUMERIC.has(issue.origin)) return { field, rule: 'min_numeric', limit: Number(issue.minimum) };
      return { field, rule: 'min', limit: Number(issue.minimum) };
    case 'too_big':
      if (NUMERIC.has(issue.origin)) return { field, rule: 'max_numeric', limit: Number(issue.maximum) };
      return { field, rule: 'max', limit: Number(issue.maximum) };
    case 'invalid_value':
      return { field, rule: 'in' };
    case 'invalid_format':
      return { field, rule: issue.format === 'email' ? 'email' : 'invalid' };
    case 'custom': {
      const rule = (issue.params as { rule?: Rule } | undefined)?.rule;
      return { field, rule: rule ?? 'invalid' };
    }
    default:
      return { field, rule: 'invalid' };
  }
}

/** Orders failures by the fields' order in `fields` (a rule checked after zod, like `unique`, lands in place). */
export function inFieldOrder(failures: Failure[], fields: readonly string[]): Failure[] {
  const rank = (f: Failure) => {
    const i = fields.indexOf(f.field);
    return i === -1 ? fields.length : i;
  };
  return failures.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
}

/**
 * Field → attribute where a form labels a field otherwise than its name says (the settings'
 * `password` is "New password"), so that a message names the field as the form shows it.
 */
export type FieldLabels = Readonly<Record<string, string>>;

export function message(locale: Locale, failure: Failure, labels: FieldLabels = {}): string {
  const attribute = attributeName(locale, labels[failure.field] ?? failure.field);
  return t(locale, `validation.${failure.rule}`, { attribute, min: failure.limit, max: failure.limit, ...failure.params });
}

/**
 * 422 in Laravel's shape: `errors` maps each field to its messages; `message` is the first
 * one, followed by "(and N more errors)" when there are others.
 */
export function validationFailed(locale: Locale, failures: Failure[], labels: FieldLabels = {}): HttpError {
  const errors: Record<string, string[]> = {};
  for (const failure of failures) (errors[failure.field] ??= []).push(message(locale, failure, labels));
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  const first = all[0] ?? t(locale, 'validation.invalid', { attribute: attributeName(locale, 'body') });
  return new HttpError(422, { message: more > 0 ? `${first} ${t(locale, 'validation.more', { count: more })}` : first, errors });
}
