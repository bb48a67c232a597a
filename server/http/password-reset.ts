import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordResetBodySchema } from '../../contract/account.schema.ts';
import { statusResponseSchema } from '../../contract/answers.schema.ts';
import { t } from '../i18n/index.ts';
import { loginThrottleKey } from '../services/auth.ts';
import type { Api } from './api.ts';
import { HttpError } from './http-error.ts';
import { checkNewPassword } from './password-rules.ts';
import { spendAttempt } from './rate-limit.ts';
import { mailLinkRoute } from './mail-link-route.ts';
import { refusals } from './responses.ts';
import { schemaFailures } from './schema-compilers.ts';
import { inFieldOrder, validationFailed } from './validation.ts';

const FIELDS = Object.keys(passwordResetBodySchema.shape);
const tags = ['password reset'];

/** POST /api/password/email, POST /api/password/reset */
export const passwordResetRoutes: FastifyPluginAsyncZod<Api> = async (app, { services }) => {
  mailLinkRoute(app, services.throttles, {
    path: '/api/password/email',
    summary: 'Mail a password-reset link',
    description: 'The same answer whether or not the account exists.',
    tags,
    perIp: services.throttles.passwordEmail,
    send: (email, locale) => services.passwordResets.request(email, locale),
    answer: 'passwords.sent',
  });

  app.post(
    '/api/password/reset',
    {
      // The schema's failures and the new password's rules are answered together.
      attachValidation: true,
      schema: {
        summary: 'Set a new password with a mailed token',
        tags,
        body: passwordResetBodySchema,
        response: { 200: statusResponseSchema, ...refusals(422, 429) },
      },
    },
    async (request) => {
      const failures = schemaFailures(request);
      checkNewPassword(request.body, failures);
      if (failures.length > 0) throw validationFailed(request.locale, inFieldOrder(failures, FIELDS));

      // Counted before the token is looked up, like a password.
      const key = loginThrottleKey(request.body.email, request.ip);
      await spendAttempt([[services.throttles.passwordReset, key]], request.locale);
      const outcome = await services.passwordResets.reset(request.body);
      if (outcome === 'invalid') {
        // Laravel reports a bad token on the e-mail field.
        const message = t(request.locale, 'passwords.token');
        throw new HttpError(422, { message, errors: { email: [message] } });
      }
      await services.throttles.passwordReset.clear(key);
      return { status: t(request.locale, 'passwords.reset') };
    },
  );
};
