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
