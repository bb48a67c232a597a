import type { Rule } from '../../contract/validation.ts';

/** An amount to show inside a message, formatted in the caller's language by the route. */
export interface MoneyValue {
  minor: number;
  currency: string;
  precision: number;
}

export interface RuleFailure {
  field: string;
  rule: Rule;
  limit?: number;
  params?: { min?: number; max?: number };
  money?: MoneyValue;
  /** Plain numbers for the message (a volume's limits and step), formatted in the caller's language by the route. */
  numbers?: { low?: number; high?: number; step?: number };
  /** A time the refusal lasts until (ISO), answered beside the message for the app to show in the user's zone. */
  until?: string;
}

/** A business rule the request broke: the route answers 422 with these fields, nothing written. */
export class RuleError extends Error {
  override name = 'RuleError';
  constructor(readonly failures: RuleFailure[]) {
    super(failures.map((f) => `${f.field}: ${f.rule}`).join(', '));
  }
}

export function fail(field: string, rule: Rule, extra: Omit<RuleFailure, 'field' | 'rule'> = {}): never {
  throw new RuleError([{ field, rule, ...extra }]);
}
