import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { toId } from '../../contract/ids.ts';
import { notFound } from './http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a malformed `:id` itself (a signed link's 400/403), not with the shared 404. */
    ownIdCheck?: boolean;
  }
}

/** Route parameters that name a row: `:id` and any `:…_id`. */
const ID_PARAM = /^(?:id|\w+_id)$/;

/**
 * Every route with an id parameter answers 404 for one that can name no row (not a whole
 * number from 1 to ID_MAX), as for an unknown id, before its handler runs and so before the
 * database sees it. Runs after the route's own preHandlers, so a guest still gets 401 first.
 * Applies to routes registered after it, in any plugin: call it before the routes.
 */
export function registerIdParams(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.ownIdCheck) return;
    const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!).filter((name) => ID_PARAM.test(name));
    if (names.length === 0) return;
    const checkIds: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
      const params = request.params as Record<string, string | undefined>;
      if (names.some((name) => toId(params[name]) === null)) throw notFound(request.locale);
    };
    const own = route.preHandler;
    route.preHandler = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), checkIds];
  });
}

/** The route's `:id` as a number; 404 when it can name no row (registerIdParams already refused those). */
export function idOf(request: FastifyRequest, name = 'id'): number {
  const id = toId((request.params as Record<string, string | undefined>)[name]);
  if (id === null) throw notFound(request.locale);
  return id;
}
