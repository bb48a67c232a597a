import { describe, expect, it } from 'vitest';
import { ofetch } from 'ofetch';
import { DEFAULT_FORM_ERROR, errorsFromResponse, NETWORK_FORM_ERROR, translateFieldError, type Translate } from './form-errors';

describe('errorsFromResponse', () => {
  it('reads field errors from the body on error.data', () => {
    const error = { data: { message: 'The given data was invalid.', errors: { email: ['validation.email'] } } };
    expect(errorsFromResponse(error)).toEqual({ errors: { email: ['validation.email'] }, message: null });
  });

  it('reads the body from error.response._data when data is absent', () => {
    const error = { response: { _data: { errors: { currency_id: ['validation.max_accounts'] } } } };
    expect(errorsFromResponse(error)).toEqual({ errors: { currency_id: ['validation.max_accounts'] }, message: null });
  });

  it('uses the message as the generic error when there are no field errors', () => {
    expect(errorsFromResponse({ data: { message: 'Too many attempts.' } })).toEqual({
      errors: {},
      message: 'Too many attempts.',
    });
    expect(errorsFromResponse({ data: { message: 'Nope.', errors: {} } }).message).toBe('Nope.');
    expect(errorsFromResponse({ data: { error: 'invalid_grant' } }).message).toBe('invalid_grant');
  });

  it('falls back to the default text when nothing usable came back', () => {
    for (const error of [undefined, null, 'boom', new TypeError('Failed to fetch'), { data: '<html>' }, { data: { message: '' } }]) {
      expect(errorsFromResponse(error)).toEqual({ errors: {}, message: DEFAULT_FORM_ERROR });
    }
    expect(DEFAULT_FORM_ERROR).toBe('Something went wrong. Please try again.');
  });

  it('says the server could not be reached when a request got no answer at all', async () => {
    // Nothing listens on port 9 of loopback: the request is refused, as when offline.
    const refused = await ofetch('http://127.0.0.1:9/api/login', { method: 'POST', retry: 0 }).catch((error: unknown) => error);
    expect(errorsFromResponse(refused)).toEqual({ errors: {}, message: NETWORK_FORM_ERROR });
    const upload = Object.assign(new Error('Upload failed with 0'), { name: 'UploadError', statusCode: 0, data: null });
    expect(errorsFromResponse(upload).message).toBe(NETWORK_FORM_ERROR);
    expect(errorsFromResponse({ name: 'FetchError', statusCode: 502, response: { _data: '<html>' } }).message).toBe(DEFAULT_FORM_ERROR);
  });

  it('accepts a single message per field and drops empty ones', () => {
    const error = { data: { errors: { email: 'validation.email', name: [], password: ['', 'validation.min'] } } };
    expect(errorsFromResponse(error).errors).toEqual({ email: ['validation.email'], password: ['validation.min'] });
  });
});

describe('translateFieldError', () => {
  const catalog: Record<string, string> = {
    email: 'E-mail',
    'validation.required': 'The {attribute} field is required.',
    'validation.min.string': 'The {attribute} must be at least {min} characters.',
    'validation.max.string': 'The {attribute} may not be greater than {max} characters.',
  };
  const t: Translate = (key, values) =>
    catalog[key]?.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));

  it('translates a known key and inserts the translated field name', () => {
    expect(translateFieldError('validation.required', 'email', t)).toBe('The E-mail field is required.');
  });

  it('inserts 50 when the key mentions min and 2000 when it mentions max', () => {
    expect(translateFieldError('validation.min.string', 'email', t)).toBe('The E-mail must be at least 50 characters.');
    expect(translateFieldError('validation.max.string', 'email', t)).toBe(
      'The E-mail may not be greater than 2000 characters.',
    );
  });

  it('uses the raw field name when the field has no translation', () => {
    expect(translateFieldError('validation.required', 'currency_id', t)).toBe('The currency_id field is required.');
  });

  it('shows the raw message when there is no translation', () => {
    expect(translateFieldError('You already hold five accounts.', 'currency_id', t)).toBe(
      'You already hold five accounts.',
    );
  });

  it('treats a translator that echoes the key (as Lingui does) as having no translation', () => {
    const echo: Translate = (key) => key;
    expect(translateFieldError('validation.unknown', 'email', echo)).toBe('validation.unknown');
  });

  it('passes the field, min and max values to the translator', () => {
    const seen: Array<[string, Record<string, string | number>]> = [];
    const spy: Translate = (key, values) => {
      seen.push([key, values]);
      return undefined;
    };
    translateFieldError('validation.between.min.max', 'name', spy);
    expect(seen.at(-1)).toEqual(['validation.between.min.max', { attribute: 'name', min: 50, max: 2000 }]);
  });
});
