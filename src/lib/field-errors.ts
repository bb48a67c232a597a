import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { translateFieldError } from '../../machines/form/form-errors';

/**
 * The seed's form error display (section 5): a server error that is a message key ("validation.min")
 * with a translation here is shown translated, with the field's translated name and, for min/max
 * keys, the seed's 50 and 2000 inserted; any other text (our server's own sentences) is shown as sent.
 * The descriptors below exist so that extraction puts these ids into every catalog.
 */
export const VALIDATION_KEYS = [
  msg({ id: 'validation.required', message: 'The {attribute} field is required.' }),
  msg({ id: 'validation.email', message: 'The {attribute} must be a valid email address.' }),
  msg({ id: 'validation.url', message: 'The {attribute} must be a valid URL.' }),
  msg({ id: 'validation.min', message: 'The {attribute} must be at least {min} characters.' }),
  msg({ id: 'validation.max', message: 'The {attribute} may not be greater than {max} characters.' }),
];

/** Field names as the messages above name them. */
export const FIELD_NAMES = [
  msg({ id: 'email', message: 'e-mail' }),
  msg({ id: 'password', message: 'password' }),
  msg({ id: 'first_name', message: 'first name' }),
  msg({ id: 'second_name', message: 'last name' }),
  msg({ id: 'amount', message: 'amount' }),
  msg({ id: 'message', message: 'message' }),
];

const known = new Set([...VALIDATION_KEYS, ...FIELD_NAMES].map((descriptor) => descriptor.id));

/** One field error as the user reads it, in the current language. */
export function fieldErrorText(i18n: I18n, error: string, field: string): string {
  return translateFieldError(error, field, (key, values) => (known.has(key) ? i18n._(key, values) : undefined));
}
