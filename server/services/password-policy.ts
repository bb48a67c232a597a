import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/**
 * Whether `password` is among the most common passwords (zxcvbn's list of about 49,000,
 * compared without letter case). The list is unpacked on first use, not at start-up.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

/** Why a new password is refused beyond its length, or null when it is acceptable. */
export type WeakPassword = 'not_blank' | 'not_repeated' | 'not_email' | 'uncommon';

/**
 * The rules a new password must meet besides its length: not only white space, not one character
 * repeated ("aaaaaaaa"), not the account's e-mail address (in any letter case), not a common one.
 */
export function weakPassword(password: string, email?: string | null): WeakPassword | null {
  if (/^\s*$/u.test(password)) return 'not_blank';
  if (new Set(password).size === 1) return 'not_repeated';
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) return 'not_email';
  if (isCommonPassword(password)) return 'uncommon';
  return null;
}
