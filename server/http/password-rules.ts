import { weakPassword } from '../services/password-policy.ts';
import type { Failure } from './validation.ts';

/**
 * Adds the failure of a new password that is blank, one character repeated, the e-mail address
 * or a common one (services/password-policy.ts), unless the field already failed another rule
 * (one message at a time is clearer there). `email`: the account's address, when the body has none.
 */
export function checkNewPassword(body: unknown, failures: Failure[], email?: string): void {
  const fields = body as { password?: unknown; email?: unknown } | null | undefined;
  const password = fields?.password;
  if (typeof password !== 'string' || failures.some((f) => f.field === 'password')) return;
  const address = email ?? (typeof fields?.email === 'string' ? fields.email : null);
  const weak = weakPassword(password, address);
  if (weak) failures.push({ field: 'password', rule: weak });
}
