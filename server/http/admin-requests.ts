import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { LIFECYCLE_REASON_MAX } from '../../contract/lifecycle.ts';
import { rejectBodySchema, reviewBodySchema, timelineSchema } from '../../contract/lifecycle.schema.ts';
import { pagedSchema, walletRequestSchema, walletRequestsQuerySchema } from '../../contract/trading.schema.ts';
import type { WalletDecision } from '../services/wallet.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { notFound } from './http-error.ts';
import { idParam } from './id-params.ts';
import { refusals } from './responses.ts';

const tags = ['staff'];

/** Staff: GET /api/admin/wallet-requests, POST …/:id/approve, /reject `{reason}`, /review `{expected_at?}`, GET …/:id/timeline. */
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

  const params = z.object({ id: idParam });
  const decided = (description: string) => ({ 200: walletRequestSchema.describe(description), ...refusals(401, 403, 404, 409, 422) });
  const decide = async (request: FastifyRequest<{ Params: { id: number } }>, decision: WalletDecision) => {
    const result = await services.wallet.decide(authOf(request).user.id, request.params.id, decision);
    if (!result) throw notFound(request.locale);
    return result;
  };
  const lifecycleNote = 'A request whose state does not allow this now (decided, in flight, or decided by someone else meanwhile) is 409.';

  app.post(
    '/api/admin/wallet-requests/:id/approve',
    {
      preValidation,
      schema: { summary: 'Staff: approve a request (the money is booked on the platform)', description: lifecycleNote, tags, params, response: decided('Approved and booked') },
    },
    (request) => decide(request, { type: 'approve' }),
  );

  app.post(
    '/api/admin/wallet-requests/:id/reject',
    {
      preValidation,
      schema: {
        summary: 'Staff: reject a request, with the reason the client reads',
        description: `\`reason\` is required, at most ${LIFECYCLE_REASON_MAX} characters. ${lifecycleNote}`,
        tags,
        params,
        body: rejectBodySchema,
        response: decided('Rejected'),
      },
    },
    (request) => decide(request, { type: 'reject', reason: request.body.reason }),
  );

  app.post(
    '/api/admin/wallet-requests/:id/review',
    {
      preValidation,
      schema: {
        summary: 'Staff: take a request into review, optionally with the expected time of the decision',
        description: `Again on a request under review: a new expected time. ${lifecycleNote}`,
        tags,
        params,
        body: reviewBodySchema,
        response: decided('Under review'),
      },
    },
    (request) => decide(request, { type: 'review', expectedAt: request.body.expected_at ?? null }),
  );

  app.get(
    '/api/admin/wallet-requests/:id/timeline',
    {
      preValidation,
      schema: { summary: 'Staff: the timeline of a request', tags, params, response: { 200: timelineSchema, ...refusals(401, 403, 404) } },
    },
    async (request) => {
      const timeline = await services.wallet.timeline(request.params.id);
      if (!timeline) throw notFound(request.locale);
      return timeline;
    },
  );
};
