import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBodySchema } from '../../contract/auth.schema.ts';
import { loginAnswerSchema } from '../../contract/security.schema.ts';
import { TRUSTED_DEVICE_COOKIE } from './security.ts';
import { t } from '../i18n/index.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { HttpError, httpError } from './http-error.ts';
import { noContent, refusals } from './responses.ts';

/** POST /api/login, POST /api/logout */
export const sessionRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  app.post(
    '/api/login',
    {
      schema: {
        summary: 'Sign in with e-mail and password',
        description:
          'A 422 with `verification_required: true` is the right password of an account whose e-mail is not verified yet. ' +
          'An account with a second factor answers `{two_factor: true, challenge, methods}` (as Laravel Fortify) unless the `trusted_device` cookie remembers this browser; ' +
          'the sign-in then ends with POST /api/two-factor-challenge.',
        tags: ['session'],
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, ...refusals(422, 429) },
      },
    },
    async (request) => {
      const body = request.body;
      const result = await services.auth.login({
        email: body.email,
        password: body.password,
        remember: body.remember,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        locale: request.locale,
        deviceToken: request.cookies[TRUSTED_DEVICE_COOKIE] ?? null,
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
        case 'second-factor':
          return { two_factor: true as const, challenge: result.challenge, methods: result.methods };
        case 'signed-in':
          return { token: result.token, token_type: 'bearer' as const, expires_in: result.expiresIn };
      }
    },
  );

  app.post(
    '/api/logout',
    { preValidation: guard.signedIn, schema: { summary: 'Revoke this request’s token', tags: ['session'], response: { 204: noContent, ...refusals(401) } } },
    async (request, reply) => {
      await services.auth.logout(authOf(request).tokenId);
      return reply.code(204).send();
    },
  );
};
