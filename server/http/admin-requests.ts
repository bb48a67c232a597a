import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedSchema, walletRequestSchema, walletRequestsQuerySchema } from '../../contract/trading.schema.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { notFound } from './http-error.ts';
import { idParam } from './id-params.ts';
import { refusals } from './responses.ts';

const tags = ['staff'];

/** Staff: GET /api/admin/wallet-requests, POST /api/admin/wallet-requests/:id/approve and /reject. */
export const adminRequestRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const preValidation = guard.admin;

  app.get(
    '/api/admin/wallet-requests',
    {
      preValidation,
      schema: {
        summary: 'Staff: live deposits and withdrawals of every client',
        tags,
        querystring: walletRequestsQuerySchema,
        response: { 200: pagedSchema(walletRequestSchema), ...refusals(401, 403, 422) },
      },
    },
    async (request) => services.ledgerHistory.requests(request.query.status, request.query.page, request.query.per_page),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/admin/wallet-requests/:id/${decision}`,
      {
        preValidation,
        schema: {
          summary: decision === 'approve' ? 'Staff: approve a pending request' : 'Staff: reject a pending request',
          description: 'A request already decided is 422 `errors.status`.',
          tags,
          params: z.object({ id: idParam }),
          response: { 200: walletRequestSchema, ...refusals(401, 403, 404, 422) },
        },
      },
      async (request) => {
        const decided = await services.wallet.decide(authOf(request).user.id, request.params.id, decision);
        if (!decided) throw notFound(request.locale);
        return decided;
      },
    );
  }
};
