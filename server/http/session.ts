import type { FastifyPluginAsync } from 'fastify';
import type { LoginResponse } from '../../contract/auth.ts';
import { loginBodySchema } from '../../contract/auth.schema.ts';
import { t } from '../i18n/index.ts';
import type { Services } from '../services/index.ts';
import { authOf, requireAuth } from './authenticate.ts';
import { HttpError, httpError } from './http-error.ts';
import { validate } from './validation.ts';

/** POST /api/login, POST /api/logout */
export const sessionRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.post('/api/login', async (request): Promise<LoginResponse> => {
    const body = validate(loginBodySchema, request.body, request.locale);
    const result = await services.auth.login({
      email: body.email,
      password: body.password,
      remember: body.remember,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      locale: request.locale,
    });
    switch (result.outcome) {
      case 'throttled':
        throw httpError(429, request.locale, 'auth.throttle', { 'retry-after': String(result.retryAfterSeconds) });
      case 'bad-credentials': {
        const message = t(request.locale, 'auth.failed');
        throw new HttpError(422, { message, errors: { email: [message] } });
      }
      case 'unverified': {
        const message = t(request.locale, 'auth.unverified');
        throw new HttpError(422, { message, errors: { email: [message] }, verification_required: true });
      }
      case 'signed-in':
        return { token: result.token, token_type: 'bearer', expires_in: result.expiresIn };
    }
  });

  app.post('/api/logout', { preHandler: requireAuth(services) }, async (request, reply) => {
    await services.auth.logout(authOf(request).tokenId);
    return reply.code(204).send();
  });
};
