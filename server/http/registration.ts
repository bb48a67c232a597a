import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerBodySchema } from '../../contract/auth.schema.ts';
import { statusResponseSchema } from '../../contract/answers.schema.ts';
import { t } from '../i18n/index.ts';
import { EmailTakenError, normalizeEmail } from '../services/users.ts';
import type { Api } from './api.ts';
import { attributeSignUp } from './partner-attribution.ts';
import { checkNewPassword } from './password-rules.ts';
import { spendAttempt } from './rate-limit.ts';
import { refusals } from './responses.ts';
import { schemaFailures } from './schema-compilers.ts';
import { inFieldOrder, validationFailed } from './validation.ts';

const FIELDS = Object.keys(registerBodySchema.shape);

/**
 * POST /api/register: creates the account unverified, mails the verification link in the
 * request's language and answers 200 `{status}`. No token: signing in waits for the link.
 */
export const registrationRoutes: FastifyPluginAsyncZod<Api> = async (app, { services }) => {
  app.post(
    '/api/register',
    {
      // The schema's failures and `unique` and the password rules are answered together, as Laravel does.
      attachValidation: true,
      schema: {
        summary: 'Create an account; the verification link is mailed',
        tags: ['session'],
        body: registerBodySchema,
        response: { 200: statusResponseSchema, ...refusals(422, 429) },
      },
    },
    async (request) => {
      const failures = schemaFailures(request);
      const raw = request.body as { email?: unknown } | undefined;
      // `unique` runs like Laravel's: with the other rules, once the address itself is valid.
      if (typeof raw?.email === 'string' && !failures.some((f) => f.field === 'email') && (await services.users.emailTaken(raw.email))) {
        failures.push({ field: 'email', rule: 'unique' });
      }
      checkNewPassword(request.body, failures);
      if (failures.length > 0) throw validationFailed(request.locale, inFieldOrder(failures, FIELDS));

      const { first_name, second_name, email: address, password } = request.body;
      // Each registration mails a link: counted per client address and per recipient before it is stored.
      await spendAttempt(
        [
          [services.throttles.register, request.ip],
          [services.throttles.mailRecipient, normalizeEmail(address)],
        ],
        request.locale,
      );
      try {
        const user = await services.users.create({ first_name, second_name, email: address, password, locale: request.locale });
        // A registration within a referral link's cookie is its partner's client (never refused for it).
        await attributeSignUp(services, request, user);
        await services.emailVerification.sendVerification(user);
        return { status: t(request.locale, 'verification.sent') };
      } catch (error) {
        // Lost a race with another registration of the same address.
        if (error instanceof EmailTakenError) throw validationFailed(request.locale, [{ field: 'email', rule: 'unique' }]);
        throw error;
      }
    },
  );
};
