import type { FastifyRequest } from 'fastify';
import type { Services } from '../services/index.ts';
import { t } from '../i18n/index.ts';
import { authOf } from './authenticate.ts';
import { HttpError } from './http-error.ts';

/**
 * The step-up check of an action that changes security or moves live money: the session must
 * have proved the second factor (or, without one, the password) within 5 minutes; else 423 with
 * the ways to do it (Laravel's "password confirmation required" status), which the app answers
 * with its step-up dialog before it sends the same request again.
 */
export async function requireStepUp(services: Pick<Services, 'secondFactor'>, request: FastifyRequest): Promise<void> {
  const { user, tokenId } = authOf(request);
  if (await services.secondFactor.steppedUp(tokenId)) return;
  const methods = await services.secondFactor.methods(user.id);
  throw new HttpError(423, { message: t(request.locale, 'auth.step_up_required'), step_up_required: true, methods });
}
