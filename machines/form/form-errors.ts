/**
 * The seed's default text when a failed submit says nothing usable. Like NETWORK_FORM_ERROR, it
 * stands for a message the app translates when it shows it (FormBanner): the machine knows no language.
 */
export const DEFAULT_FORM_ERROR = 'Something went wrong. Please try again.';
/** A submit whose request never got an answer (offline, server down, connection cut). */
export const NETWORK_FORM_ERROR = 'Could not reach the server. Check your connection and try again.';

/** Values inserted into translated validation messages whose key mentions min or max (seed, section 5). */
export const FIELD_ERROR_MIN = 50;
export const FIELD_ERROR_MAX = 2000;

export interface FormErrors {
  /** Messages (or message keys) per field, as the server sent them. */
  errors: Record<string, string[]>;
  /** The generic message, set only when there are no field errors. */
  message: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The body of an ofetch error (`error.data`), or of its response (`error.response._data`). */
function bodyOf(error: unknown): Record<string, unknown> | null {
  if (!isRecord(error)) return null;
  if (isRecord(error.data)) return error.data;
  const response = error.response;
  if (isRecord(response) && isRecord(response._data)) return response._data;
  return null;
}

function fieldErrors(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (message): message is string => typeof message === 'string' && message !== '',
    );
    if (list.length > 0) errors[field] = list;
  }
  return errors;
}

/**
 * A request that got no answer at all: ofetch's FetchError without a response, or an upload's
 * UploadError with status 0 (XMLHttpRequest's network error).
 */
function isNetworkFailure(error: unknown): boolean {
  if (!isRecord(error) || isRecord(error.response)) return false;
  if (error.name === 'FetchError') return error.statusCode === undefined;
  return error.name === 'UploadError' && error.statusCode === 0;
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * Reads a failed submit: field errors from `body.errors`; without them, `body.message`
 * (or `body.error`) as the generic message, else NETWORK_FORM_ERROR when no answer came, else
 * the seed's default text.
 */
export function errorsFromResponse(error: unknown): FormErrors {
  const body = bodyOf(error);
  const errors = fieldErrors(body?.errors);
  if (Object.keys(errors).length > 0) return { errors, message: null };
  return {
    errors: {},
    message: nonEmptyString(body?.message) ?? nonEmptyString(body?.error) ?? (isNetworkFailure(error) ? NETWORK_FORM_ERROR : DEFAULT_FORM_ERROR),
  };
}

/** A translator that answers `undefined` (or the key itself, as Lingui does) when it has no translation. */
export type Translate = (key: string, values: Record<string, string | number>) => string | undefined;

/**
 * The seed's rule for showing a field error: a server message key with a translation is
 * translated, with the translated field name (`attribute`) and, when the key mentions
 * min or max, the limit (`min` 50, `max` 2000) inserted; anything else is shown raw.
 */
export function translateFieldError(key: string, field: string, t: Translate): string {
  const translatedField = t(field, {});
  const values: Record<string, string | number> = {
    attribute: translatedField !== undefined && translatedField !== field ? translatedField : field,
  };
  if (key.includes('min')) values.min = FIELD_ERROR_MIN;
  if (key.includes('max')) values.max = FIELD_ERROR_MAX;
  const translated = t(key, values);
  return translated !== undefined && translated !== key ? translated : key;
}
