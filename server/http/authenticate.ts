import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticated } from '../services/auth.ts';
import type { Services } from '../services/index.ts';
import { forbidden, unauthenticated } from './http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth` on routes that need a signed-in user. */
    auth: Authenticated | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * preHandler for routes that need a user. Authentication is by `Authorization: Bearer`
 * only: the app's `token` cookie is never read here, which is what makes XSRF moot.
 */
export function requireAuth(services: Services) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const auth = token ? await services.auth.authenticate(token) : null;
    if (!auth) throw unauthenticated(request.locale);
    request.auth = auth;
  };
}

/** The signed-in user of a route guarded by `requireAuth`. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error('authOf() on a route without requireAuth');
  return request.auth;
}

/** preHandler after `requireAuth` for staff-only routes: 403 for anyone without the admin role. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!authOf(request).user.roles.includes('admin')) throw forbidden(request.locale);
}
