import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Role } from '../../contract/user.ts';
import type { Authenticated } from '../services/auth.ts';
import type { Services } from '../services/index.ts';
import { t } from '../i18n/index.ts';
import { forbidden, HttpError, unauthenticated } from './http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `signedIn` guard on routes that need a signed-in user. */
    auth: Authenticated | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The routes' guards, run as `preValidation` so that a guest gets 401 (and a client on a staff
 * route 403) before the route's schema looks at the request. Authentication is by
 * `Authorization: Bearer` only: the app's `token` cookie is never read here, which is what makes
 * XSRF moot.
 */
export interface Guards {
  /** 401 without a usable token. */
  signedIn: preValidationAsyncHookHandler;
  /** The one role check: 401 without a usable token, 403 for anyone who does not hold the role. */
  role(role: Role): preValidationAsyncHookHandler;
  /** `role('admin')` and a second factor: staff-only routes. */
  admin: preValidationAsyncHookHandler;
}

export function createGuards(services: Services): Guards {
  const signedIn: preValidationAsyncHookHandler = async function signedIn(request: FastifyRequest) {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const auth = token ? await services.auth.authenticate(token) : null;
    if (!auth) throw unauthenticated(request.locale);
    request.auth = auth;
  };
  const role = (name: Role): preValidationAsyncHookHandler =>
    async function holdsRole(request, reply) {
      await signedIn.call(this, request, reply);
      if (!authOf(request).user.roles.includes(name)) throw forbidden(request.locale);
    };
  const holdsAdmin = role('admin');
  // Staff reach the administration only with a second factor (docs/adr/0084); the app sends them to enrol.
  const admin: preValidationAsyncHookHandler = async function staffWithSecondFactor(request, reply) {
    await holdsAdmin.call(this, request, reply);
    if (!(await services.secondFactor.enabled(authOf(request).user.id))) {
      throw new HttpError(403, { message: t(request.locale, 'auth.two_factor_required'), two_factor_enrolment_required: true });
    }
  };
  return { signedIn, role, admin };
}

/** The signed-in user of a route guarded by `signedIn` or a role. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error('authOf() on a route without a guard');
  return request.auth;
}
