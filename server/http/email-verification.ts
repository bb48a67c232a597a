import type { FastifyPluginAsync } from 'fastify';
import { toId } from '../../contract/ids.ts';
import type { StatusResponse } from '../../contract/account.ts';
import { emailOnlyBodySchema, verifyEmailQuerySchema } from '../../contract/account.schema.ts';
import { t } from '../i18n/index.ts';
import type { Services } from '../services/index.ts';
import { normalizeEmail } from '../services/users.ts';
import { httpError } from './http-error.ts';
import { spendAttempt } from './rate-limit.ts';
import { validate, validationFailed } from './validation.ts';

/** POST /api/email/verify/{id}?expires=&signature=, POST /api/email/resend */
export const emailVerificationRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.post<{ Params: { id: string } }>('/api/email/verify/:id', { config: { ownIdCheck: true } }, async (request): Promise<StatusResponse> => {
    const query = verifyEmailQuerySchema.safeParse(request.query);
    // A link that is not even shaped like ours: 400. A well-formed one that fails: 403.
    if (!query.success || !/^\d{1,12}$/.test(request.params.id)) throw httpError(400, request.locale, 'verification.invalid');
    const id = toId(request.params.id);
    // Past the largest id: no user has it.
    if (id === null) throw httpError(403, request.locale, 'verification.invalid');

    const outcome = await services.emailVerification.verify({ id, expires: Number(query.data.expires), signature: query.data.signature });
    switch (outcome) {
      case 'verified':
        return { status: t(request.locale, 'verification.verified') };
      case 'email-changed':
        return { status: t(request.locale, 'verification.email_changed') };
      case 'already-verified':
        return { status: t(request.locale, 'verification.already_verified') };
      case 'expired':
        throw httpError(403, request.locale, 'verification.expired');
      case 'invalid':
        throw httpError(403, request.locale, 'verification.invalid');
      case 'taken':
        throw validationFailed(request.locale, [{ field: 'email', rule: 'unique' }]);
    }
  });

  app.post('/api/email/resend', async (request): Promise<StatusResponse> => {
    await spendAttempt([[services.throttles.resend, request.ip]], request.locale);
    const { email } = validate(emailOnlyBodySchema, request.body, request.locale);
    // Counted whether or not the account exists, so a 429 tells nothing about it.
    await spendAttempt([[services.throttles.mailRecipient, normalizeEmail(email)]], request.locale);
    await services.emailVerification.resend(email, request.locale);
    return { status: t(request.locale, 'verification.resent') };
  });
};
