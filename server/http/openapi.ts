import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A body the handler reads itself (multipart parts): shown in the OpenAPI document, never validated. */
    documentedBody?: z.ZodType;
  }
}

export const OPENAPI_PATH = '/api/openapi.json';

/** The route schemas as JSON Schema: zod's own conversion, anything it cannot express left open. */
const zodToOpenApi = createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: 'any' } });

/**
 * Collects every route registered after it into the OpenAPI document (`app.swagger()`): each
 * route's zod schemas are its reference, so the document cannot drift from what the server checks.
 * Register before the routes. docs/openapi.json is this document as `npm run openapi` writes it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Traderoom API',
        version: packageJson.version,
        description: 'Generated from the route schemas in server/http/. Conventions, error shapes, flows and realtime: docs/api.md.',
      },
    },
    transform: (input) => {
      const documented = input.route.config?.documentedBody;
      return zodToOpenApi(documented ? { ...input, schema: { ...input.schema, body: documented } } : input);
    },
  });
}

/** GET /api/openapi.json: the document. */
export const openApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This document (OpenAPI 3.1)',
        tags: ['service'],
        response: { 200: z.record(z.string(), z.unknown()).describe('The OpenAPI document') },
      },
    },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );
};
