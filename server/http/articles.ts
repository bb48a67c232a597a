import type { FastifyPluginAsync } from 'fastify';
import type { Article } from '../../contract/articles.ts';
import { articlesQuerySchema } from '../../contract/articles.schema.ts';
import type { Services } from '../services/index.ts';
import { requireAuth } from './authenticate.ts';
import { validate } from './validation.ts';

/**
 * GET /api/articles/getAll?lang=xx (seed): published articles in `lang`, newest first.
 * Without `lang`, the request's language; an unsupported one is a 422 rather than a silent
 * fallback, so a wrong link is noticed instead of showing English.
 */
export const articleRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get('/api/articles/getAll', { preHandler: requireAuth(services) }, async (request): Promise<Article[]> => {
    const { lang } = validate(articlesQuerySchema, request.query, request.locale);
    return services.articles.published(lang ?? request.locale);
  });
};
