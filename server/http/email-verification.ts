import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyEmailQuerySchema } from '../../contract/account.schema.ts';
import { statusResponseSchema } from '../../contract/answers.schema.ts';
import { toId } from '../../contract/ids.ts';
import { t } from '../i18n/index.ts';
import type { Api } from './api.ts';
import { httpError } from './http-error.ts';
import { mailLinkRoute } from './mail-link-route.ts';
import { refusals } from './responses.ts';
import { validationFailed } from './validation.ts';

const tags = ['e-mail verification'];

/** POST /api/email/verify/{id}?expires=&signature=, POST /api/email/resend */
export const emailVerificationRoutes: FastifyPluginAsyncZod<Api> = async (app, { services }) => {
  app.post(
    '/api/email/verify/:id',
    {
      // A link that is not even shaped like ours is 400, not 422; a well-formed one that fails, 403.
      config: { ownIdCheck: true },
      attachValidation: true,
      schema: {
        summary: 'Follow a mailed verification link (no token needed)',
        tags,
        params: z.object({ id: z.string() }),
        querystring: verifyEmailQuerySchema,
        response: { 200: statusResponseSchema, ...refusals(400, 403, 422) },
      },
    },
    async (request) => {
      if (request.validationError || !/^\d{1,12}$/.test(request.params.id)) throw httpError(400, request.locale, 'verification.invalid');
      const id = toId(request.params.id);
      // Past the largest id: no user has it.
      if (id === null) throw httpError(403, request.locale, 'verification.invalid');

      const { expires, signature } = request.query;
      const outcome = await services.emailVerification.verify({ id, expires: Number(expires), signature });
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
    },
  );

  mailLinkRoute(app, services.throttles, {
    path: '/api/email/resend',
    summary: 'Mail a new verification link',
    description: 'The same answer whatever the address.',
    tags,
    perIp: services.throttles.resend,
    send: (email, locale) => services.emailVerification.resend(email, locale),
    answer: 'verification.resent',
  });
};
