import type { Rule } from '../../contract/validation.ts';

export interface MessageParams {
  attribute?: string;
  min?: number;
  max?: number;
  count?: number;
  /** A value already formatted for the message (an amount with its currency, a limit). */
  value?: string;
  /** A record's number (a service request's id). */
  id?: number;
  /** A record's title in the message's language. */
  title?: string;
  /** Numbers already formatted in the message's language (a volume's limits and its step). */
  low?: string;
  high?: string;
  step?: string;
}

/** The message of each validation rule: derived from the rule list, so every rule has one in every catalog. */
export type RuleMessageKey = `validation.${Rule}`;

export type MessageKey =
  | RuleMessageKey
  /** Appended to the first message of a 422 when there are more: "(and N more errors)". */
  | 'validation.more'
  | 'auth.failed'
  | 'auth.throttle'
  | 'auth.unverified'
  | 'auth.step_up_required'
  | 'auth.two_factor_required'
  | 'auth.challenge_expired'
  | 'auth.not_me_link_invalid'
  | 'auth.passkey_failed'
  | 'verification.sent'
  | 'verification.resent'
  | 'verification.verified'
  | 'verification.email_changed'
  | 'verification.already_verified'
  | 'verification.invalid'
  | 'verification.expired'
  | 'passwords.sent'
  | 'passwords.reset'
  | 'passwords.token'
  | 'http.unauthenticated'
  | 'http.forbidden'
  | 'http.not_found'
  | 'http.bad_request'
  | 'http.invalid_json'
  | 'http.payload_too_large'
  | 'http.unsupported_media_type'
  | 'http.server_error'
  /** 503: the trading platform did not answer. */
  | 'http.unavailable'
  /** 503: the platform is up but its prices have stopped; nothing is filled at an old one. */
  | 'http.no_prices'
  /** 409: a request with the same Idempotency-Key is still at work. */
  | 'http.in_progress'
  /** 409: the object's lifecycle does not allow this now (server/services/lifecycle.ts). */
  | 'http.transition_refused'
  /** Settings → Privacy (server/http/privacy.ts); `count`: minutes until a new export may be asked for. */
  | 'privacy.export_busy'
  | 'privacy.export_too_soon'
  | 'privacy.export_not_ready'
  | 'privacy.export_expired'
  | 'privacy.close_blocked'
  | 'privacy.close_blocked_partner'
  | 'http.bad_url'
  | 'http.request_timeout'
  | 'http.headers_too_large'
  | 'http.invalid_multipart'
  | 'oauth.popup_title'
  | 'oauth.popup_text'
  | 'verification.file_type'
  | 'verification.file_too_large'
  | 'verification.already_pending'
  | 'verification.already_approved'
  | 'verification.already_reviewed'
  | 'verification.one_file'
  /** The system message a service request posts into the client's chat. */
  | 'chat.service_request'
  /** The subject of a ticket made from a chat message that has no text (a file alone): docs/adr/0087. */
  | 'chat.ticket_subject'
  /** 409: another staff member holds the conversation (`title`: their name). */
  | 'chat.claimed'
  /** Tickets (server/http/tickets.ts): more than 3 files, a claim lost, a step the lifecycle refuses. */
  | 'tickets.too_many_files'
  | 'tickets.already_claimed'
  | 'tickets.reopen_expired'
  | 'tickets.already_rated'
  | 'tickets.changed'
  | 'tickets.not_now'
  | 'ipo.window_closed'
  | 'ipo.prospectus_type'
  | 'ipo.prospectus_too_large'
  | 'ipo.test_required'
  | 'ipo.test_not_yet'
  | 'ipo.already_applied'
  | 'ipo.not_reconfirmable'
  /** The partner program (server/http/partners.ts): a second application, or one from a partner. */
  | 'partners.already_partner'
  | 'partners.application_waiting';

export interface Catalog {
  /** Every key must be present: a missing one is a type error. */
  messages: Record<MessageKey, (params: MessageParams) => string>;
  /** Field names as they read inside a message. */
  attributes: Record<string, string>;
}
