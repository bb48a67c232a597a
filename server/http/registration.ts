import type { FastifyPluginAsync } from 'fastify';
import type { StatusResponse } from '../../contract/account.ts';
import { registerBodySchema } from '../../contract/auth.schema.ts';
import { t } from '../i18n/index.ts';
import type { Services } from '../services/index.ts';
import { EmailTakenError, normalizeEmail } from '../services/users.ts';
import { checkNewPassword } from './password-rules.ts';
import { spendAttempt } from './rate-limit.ts';
import { check, inFieldOrder, validationFailed, type Failure } from './validation.ts';

const FIELDS = Object.keys(registerBodySchema.shape);

/**
 * POST /api/register: creates the account unverified, mails the verification link in the
 * request's language and answers 200 `{status}`. No token: signing in waits for the link.
 */
export const registrationRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.post('/api/register', async (request): Promise<StatusResponse> => {
    const checked = check(registerBodySchema, request.body);
    const failures: Failure[] = checked.ok ? [] : [...checked.failures];

    // `unique` runs like Laravel's: with the other rules, once the address itself is valid.
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && !failures.some((f) => f.field === 'email') && (await services.users.emailTaken(email))) {
      failures.push({ field: 'email', rule: 'unique' });
    }
    checkNewPassword(request.body, failures);
    if (!checked.ok || failures.length > 0) throw validationFailed(request.locale, inFieldOrder(failures, FIELDS));

    const { first_name, second_name, email: address, password } = checked.data;
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
      await services.emailVerification.sendVerification(user);
      return { status: t(request.locale, 'verification.sent') };
    } catch (error) {
      // Lost a race with another registration of the same address.
      if (error instanceof EmailTakenError) throw validationFailed(request.locale, [{ field: 'email', rule: 'unique' }]);
      throw error;
    }
  });
};
