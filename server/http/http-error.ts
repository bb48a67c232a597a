import type { Locale } from '../../contract/locales.ts';
import { t, type MessageKey } from '../i18n/index.ts';

/** An answer other than success, thrown from a route and sent by the error handler as is. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    /**
     * `verification_required` (ours): a 422 of login that the app answers with a resend link, and a
     * wallet 422 (rule `verification_required`) that it answers with a link to identity verification.
     */
    readonly body: {
      message: string;
      errors?: Record<string, string[]>;
      verification_required?: true;
      /** A live withdrawal during the cool-down after a security change: until when (ISO). */
      withdrawals_held_until?: string;
      /** 423: prove the second factor (or the password) again, by one of `methods`, then retry. */
      step_up_required?: true;
      methods?: string[];
      /** 403 of the administration: staff must turn on a second factor first. */
      two_factor_enrolment_required?: true;
    },
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

/** `{"message": "<translated>"}` with the given status. */
export function httpError(statusCode: number, locale: Locale, key: MessageKey, headers?: Record<string, string>): HttpError {
  return new HttpError(statusCode, { message: t(locale, key) }, headers);
}

export const unauthenticated = (locale: Locale) => httpError(401, locale, 'http.unauthenticated');
export const forbidden = (locale: Locale) => httpError(403, locale, 'http.forbidden');
export const notFound = (locale: Locale) => httpError(404, locale, 'http.not_found');
