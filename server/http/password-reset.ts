import type { FastifyPluginAsync } from 'fastify';
import type { StatusResponse } from '../../contract/account.ts';
import { emailOnlyBodySchema, passwordResetBodySchema } from '../../contract/account.schema.ts';
import { t } from '../i18n/index.ts';
import { loginThrottleKey } from '../services/auth.ts';
import type { Services } from '../services/index.ts';
import { normalizeEmail } from '../services/users.ts';
import { HttpError } from './http-error.ts';
import { checkNewPassword } from './password-rules.ts';
import { spendAttempt } from './rate-limit.ts';
import { check, inFieldOrder, validationFailed } from './validation.ts';

const FIELDS = Object.keys(passwordResetBodySchema.shape);

/** POST /api/password/email, POST /api/password/reset */
export const passwordResetRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.post('/api/password/email', async (request): Promise<StatusResponse> => {
    await spendAttempt([[services.throttles.passwordEmail, request.ip]], request.locale);
    const checked = check(emailOnlyBodySchema, request.body);
    if (!checked.ok) throw validationFailed(request.locale, checked.failures);
    // Counted whether or not the account exists, so a 429 tells nothing about it.
    await spendAttempt([[services.throttles.mailRecipient, normalizeEmail(checked.data.email)]], request.locale);
    await services.passwordResets.request(checked.data.email, request.locale);
    // The same words whether or not the account exists, and whether or not a mail went out.
    return { status: t(request.locale, 'passwords.sent') };
  });

  app.post('/api/password/reset', async (request): Promise<StatusResponse> => {
    const checked = check(passwordResetBodySchema, request.body);
    const failures = checked.ok ? [] : [...checked.failures];
    checkNewPassword(request.body, failures);
    if (!checked.ok || failures.length > 0) throw validationFailed(request.locale, inFieldOrder(failures, FIELDS));

    // Counted before the token is looked up, like a password.
    const key = loginThrottleKey(checked.data.email, request.ip);
    await spendAttempt([[services.throttles.passwordReset, key]], request.locale);
    const outcome = await services.passwordResets.reset(checked.data);
    if (outcome === 'invalid') {
      // Laravel reports a bad token on the e-mail field.
      const message = t(request.locale, 'passwords.token');
      throw new HttpError(422, { message, errors: { email: [message] } });
    }
    await services.throttles.passwordReset.clear(key);
    return { status: t(request.locale, 'passwords.reset') };
  });
};
