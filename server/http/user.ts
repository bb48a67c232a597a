import type { FastifyPluginAsync } from 'fastify';
import type { User } from '../../contract/user.ts';
import type { Services } from '../services/index.ts';
import { toUserBody } from '../services/users.ts';
import { authOf, requireAuth } from './authenticate.ts';

/** GET /api/user */
export const userRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get('/api/user', { preHandler: requireAuth(services) }, async (request): Promise<User> => toUserBody(authOf(request).user));
};
