import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '../../contract/user.schema.ts';
import { toUserBody } from '../services/users.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { refusals } from './responses.ts';

/** GET /api/user */
export const userRoutes: FastifyPluginAsyncZod<Api> = async (app, { guard }) => {
  app.get(
    '/api/user',
    { preValidation: guard.signedIn, schema: { summary: 'The signed-in user', tags: ['session'], response: { 200: userSchema, ...refusals(401) } } },
    async (request) => toUserBody(authOf(request).user),
  );
};
