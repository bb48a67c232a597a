import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/** GET /api/health: 200 `{"status":"ok"}` once the server answers and its database does. */
export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/api/health', async () => {
    await sql`select 1`.execute(db);
    return { status: 'ok' as const };
  });
};
