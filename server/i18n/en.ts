import type { Catalog } from './types.ts';

const plural = new Intl.PluralRules('en');
const characters = (n: number) => (plural.select(n) === 'one' ? 'character' : 'characters');

/** English: Laravel's own wording, so the app reads the same texts as from a Laravel back end. */
export const en: Catalog = {
  messages: {
    'validation.required': (p) => `The ${p.attribute} field is required.`,
    'validation.string': (p) => `The ${p.attribute} field must be a string.`,
    'validation.boolean': (p) => `The ${p.attribute} field must be true or false.`,
    'validation.email': (p) => `The ${p.attribute} field must be a valid email address.`,
    'validation.min': (p) => `The ${p.attribute} field must be at least ${p.min} ${characters(p.min ?? 0)}.`,
    'validation.max': (p) => `The ${p.attribute} field must not be greater than ${p.max} ${characters(p.max ?? 0)}.`,
    'validation.confirmed': (p) => `The ${p.attribute} field confirmation does not match.`,
    'validation.unique': (p) => `The ${p.attribute} has already been taken.`,
    'validation.invalid': (p) => `The ${p.attribute} field is invalid.`,
    'validation.more': (p) => `(and ${p.count} more ${plural.select(p.count ?? 0) === 'one' ? 'error' : 'errors'})`,
    'auth.failed': () => 'These credentials do not match our records.',
    'auth.throttle': () => 'Too Many Attempts.',
    'http.unauthenticated': () => 'Unauthenticated.',
    'http.forbidden': () => 'This action is unauthorized.',
    'http.not_found': () => 'Not found.',
    'http.bad_request': () => 'The request could not be understood.',
    'http.invalid_json': () => 'The request body is not valid JSON.',
    'http.payload_too_large': () => 'The request body is too large (the limit is 1 MB).',
    'http.unsupported_media_type': () => 'Unsupported content type: send JSON (Content-Type: application/json).',
    'http.server_error': () => 'Server Error',
  },
  attributes: {
    first_name: 'first name',
    second_name: 'second name',
    email: 'email',
    password: 'password',
    password_confirmation: 'password confirmation',
    remember: 'remember',
    message: 'message',
    last_read_id: 'last read id',
    user_id: 'user id',
    after: 'after',
    search: 'search',
    socket_id: 'socket id',
    channel_name: 'channel name',
  },
};
