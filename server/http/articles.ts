import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { articleSchema, articlesQuerySchema } from '../../contract/articles.schema.ts';
import type { Api } from './api.ts';
import { refusals } from './responses.ts';

/**
 * GET /api/articles/getAll?lang=xx (seed): published articles in `lang`, newest first.
 * Without `lang`, the request's language; an unsupported one is a 422 rather than a silent
 * fallback, so a wrong link is noticed instead of showing English.
 */
export const articleRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  app.get(
    '/api/articles/getAll',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'Published articles in a language, newest first',
        tags: ['articles'],
        querystring: articlesQuerySchema,
        response: { 200: z.array(articleSchema), ...refusals(401, 422) },
      },
    },
    async (request) => services.articles.published(request.query.lang ?? request.locale),
  );
};
