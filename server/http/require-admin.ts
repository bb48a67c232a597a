import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services/index.ts';
import { requireAuth } from './authenticate.ts';
import { forbidden } from './http-error.ts';

/** preHandler for staff-only routes: 401 without a usable token, 403 for anyone but an admin. */
export function requireAdmin(services: Services) {
  const authenticate = requireAuth(services);
  return async function authorizeAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await authenticate(request, reply);
    if (!request.auth?.user.roles.includes('admin')) throw forbidden(request.locale);
  };
}
