import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cannedRepliesQuerySchema, cannedReplyBodySchema, cannedReplySchema } from '../../contract/chat.schema.ts';
import type { Api } from './api.ts';
import { idParam } from './id-params.ts';
import { noContent, refusals } from './responses.ts';

const tags = ['staff'];
const params = z.object({ id: idParam });

/** Staff: the canned replies of the chats, per language (GET, POST, PUT and DELETE /api/admin/canned-replies). */
export const cannedReplyRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const preValidation = guard.admin;
  const { cannedReplies } = services;

  app.get(
    '/api/admin/canned-replies',
    {
      preValidation,
      schema: {
        summary: 'Staff: canned replies, of one language or all, by language and shortcut',
        tags,
        querystring: cannedRepliesQuerySchema,
        response: { 200: z.array(cannedReplySchema), ...refusals(401, 403, 422) },
      },
    },
    async (request) => cannedReplies.list(request.query.lang),
  );

  app.post(
    '/api/admin/canned-replies',
    {
      preValidation,
      schema: {
        summary: 'Staff: add a canned reply',
        description: 'A shortcut already used in that language is 422 `errors.shortcut`.',
        tags,
        body: cannedReplyBodySchema,
        response: { 201: cannedReplySchema, ...refusals(401, 403, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await cannedReplies.create(request.body)),
  );

  app.put(
    '/api/admin/canned-replies/:id',
    {
      preValidation,
      schema: {
        summary: 'Staff: change a canned reply',
        tags,
        params,
        body: cannedReplyBodySchema,
        response: { 200: cannedReplySchema, ...refusals(401, 403, 404, 422) },
      },
    },
    async (request) => cannedReplies.update(request.params.id, request.body),
  );

  app.delete(
    '/api/admin/canned-replies/:id',
    { preValidation, schema: { summary: 'Staff: delete a canned reply', tags, params, response: { 204: noContent, ...refusals(401, 403, 404) } } },
    async (request, reply) => {
      await cannedReplies.remove(request.params.id);
      return reply.code(204).send();
    },
  );
};
