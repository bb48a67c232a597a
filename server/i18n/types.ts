export interface MessageParams {
  attribute?: string;
  min?: number;
  max?: number;
  count?: number;
}

export type MessageKey =
  | 'validation.required'
  | 'validation.string'
  | 'validation.boolean'
  | 'validation.email'
  | 'validation.min'
  | 'validation.max'
  | 'validation.confirmed'
  | 'validation.unique'
  | 'validation.invalid'
  | 'validation.in'
  | 'validation.array'
  | 'validation.integer'
  | 'validation.date'
  | 'validation.time'
  | 'validation.timezone'
  /** Appended to the first message of a 422 when there are more: "(and N more errors)". */
  | 'validation.more'
  | 'auth.failed'
  | 'auth.throttle'
  | 'http.unauthenticated'
  | 'http.forbidden'
  | 'http.not_found'
  | 'http.bad_request'
  | 'http.invalid_json'
  | 'http.payload_too_large'
  | 'http.unsupported_media_type'
  | 'http.server_error';

export interface Catalog {
  /** Every key must be present: a missing one is a type error. */
  messages: Record<MessageKey, (params: MessageParams) => string>;
  /** Field names as they read inside a message. */
  attributes: Record<string, string>;
}
