import { isCommonPassword } from '../services/password-policy.ts';
import type { Failure } from './validation.ts';

/**
 * Adds the `uncommon` failure for a new password found among the most common ones, unless
 * the field already failed another rule (one message at a time is clearer there).
 */
export function checkUncommonPassword(body: unknown, failures: Failure[]): void {
  const password = (body as { password?: unknown } | null | undefined)?.password;
  if (typeof password !== 'string' || failures.some((f) => f.field === 'password')) return;
  if (isCommonPassword(password)) failures.push({ field: 'password', rule: 'uncommon' });
}
