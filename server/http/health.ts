import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/schema.ts';

/** GET /api/health: 200 `{"status":"ok"}` once the server answers and its database does. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/health',
    { schema: { summary: 'The server and its database answer', tags: ['service'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => {
      await sql`select 1`.execute(db);
      return { status: 'ok' as const };
    },
  );
};
