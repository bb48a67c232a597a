import type { FastifyRequest } from 'fastify';
import { t } from '../i18n/index.ts';
import { PartnerRefused } from '../services/partners/index.ts';
import { HttpError, httpError } from './http-error.ts';

/** A partner-program refusal as the contract's answer: 403 for a client who is not a partner, 409 for a step not possible now. */
export async function answering<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PartnerRefused)) throw error;
    const { locale } = request;
    switch (error.reason) {
      case 'not_partner':
        throw httpError(403, locale, 'http.forbidden');
      case 'already_partner':
        throw new HttpError(409, { message: t(locale, 'partners.already_partner') });
      case 'application_waiting':
        throw new HttpError(409, { message: t(locale, 'partners.application_waiting') });
      case 'decided':
        throw httpError(409, locale, 'http.transition_refused');
    }
  }
}
