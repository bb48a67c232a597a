import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ID_MAX, toId } from '../../contract/ids.ts';
import { notFound } from './http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a malformed `:id` itself (a signed link's 400/403), not with the shared 404. */
    ownIdCheck?: boolean;
  }
}

/** Route parameters that name a row: `:id` and any `:…_id`. */
const ID_PARAM = /^(?:id|\w+_id)$/;

/** A row id in the path, as the route's params schema declares it; registerIdParams has already answered 404 for any other. */
export const idParam = z.coerce.number<string>().int().min(1).max(ID_MAX);

/**
 * Every route with an id parameter answers 404 for one that can name no row (not a whole
 * number from 1 to ID_MAX), as for an unknown id, before its schema and handler run and so
 * before the database sees it. Runs after the route's own guards, so a guest still gets 401
 * first. Applies to routes registered after it, in any plugin: call it before the routes.
 */
export function registerIdParams(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.ownIdCheck) return;
    const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!).filter((name) => ID_PARAM.test(name));
    if (names.length === 0) return;
    const checkIds: preValidationAsyncHookHandler = async (request: FastifyRequest) => {
      const params = request.params as Record<string, string | undefined>;
      if (names.some((name) => toId(params[name]) === null)) throw notFound(request.locale);
    };
    const own = route.preValidation;
    route.preValidation = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), checkIds];
  });
}
