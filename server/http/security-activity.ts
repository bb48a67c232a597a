import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notMeBodySchema, notMeResultSchema, pageQuerySchema, securityEventPageSchema } from '../../contract/security-activity.schema.ts';
import { t } from '../i18n/index.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { HttpError } from './http-error.ts';
import { refusals } from './responses.ts';

const tags = ['security'];

/** The user's security feed and the new-device mail's "This wasn't me" link (docs/adr/0088). */
export const securityActivityRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  app.get(
    '/api/security/activity',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'The caller’s sign-ins and security changes of the last 90 days, newest first',
        tags,
        querystring: pageQuerySchema,
        response: { 200: securityEventPageSchema, ...refusals(401, 422) },
      },
    },
    async (request) => services.securityActivity.page(authOf(request).user.id, request.query.page),
  );

  app.post(
    '/api/security/not-me',
    {
      schema: {
        summary: '“This wasn’t me”: sign out everywhere, hold withdrawals, mail a password-reset link',
        description:
          'The token of the new-device mail’s link (single use, 7 days). Signs out every session and forgets every remembered device, ' +
          'closes the user’s realtime connections, starts the withdrawal cool-down and mails a password-reset link. 422 for an unknown, used or expired link.',
        tags,
        body: notMeBodySchema,
        response: { 200: notMeResultSchema, ...refusals(422) },
      },
    },
    async (request) => {
      const result = await services.notMe(request.body.token, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
      if (!result) {
        const message = t(request.locale, 'auth.not_me_link_invalid');
        throw new HttpError(422, { message, errors: { token: [message] } });
      }
      return result;
    },
  );
};
