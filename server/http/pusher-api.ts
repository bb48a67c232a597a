import type { FastifyPluginAsync } from 'fastify';
import type { HttpApi } from '../realtime/http-api.ts';

/**
 * The Pusher HTTP API (server/realtime/http-api.ts) on the app's port, for other systems that
 * publish with an official Pusher SDK. The body is kept raw: its MD5 is part of the signature.
 * Only with the app's own hub; with PUSHER_HOST the external service answers these.
 */
export const pusherApiRoutes: FastifyPluginAsync<{ api: HttpApi }> = async (app, { api }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.route({
    method: ['GET', 'POST'],
    url: '/apps/*',
    schema: { hide: true },
    async handler(request, reply) {
      const answer = await api.handle({ method: request.method, url: request.raw.url ?? request.url, body: typeof request.body === 'string' ? request.body : '' });
      return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
    },
  });
};
