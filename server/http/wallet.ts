import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerEntrySchema, transferBodySchema, transferResultSchema, walletRequestBodySchema } from '../../contract/trading.schema.ts';
import { z } from 'zod';
import { timelineSchema } from '../../contract/lifecycle.schema.ts';
import type { Api } from './api.ts';
import { notFound } from './http-error.ts';
import { idParam } from './id-params.ts';
import { authOf } from './authenticate.ts';
import { idempotencyHeader, replayed, requireKey, send } from './idempotency-key.ts';
import { refusals } from './responses.ts';
import { requireStepUp } from './step-up.ts';

const tags = ['wallet'];

/**
 * POST /api/wallet/deposit, /api/wallet/withdrawal, /api/wallet/transfer (GET /api/wallet/requests/{id}/timeline besides). Each needs an
 * `Idempotency-Key` header: a retried or doubled request with the same key gets the first
 * answer again (with `Idempotent-Replayed: true`) and moves no money (services/wallet.ts).
 */
export const walletRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const preValidation = [guard.signedIn, requireKey];

  for (const operation of ['deposit', 'withdrawal'] as const) {
    app.post(
      `/api/wallet/${operation}`,
      {
        preValidation,
        schema: {
          summary: operation === 'deposit' ? 'Deposit into an account' : 'Withdraw from an account',
          description:
            'Demo accounts: completed at once (a balance deal on the platform; the entry keeps its `platform_ticket`); live ones wait for staff. ' +
            'Live: `payment_method_id` (GET /api/payment-methods) is required when the currency has a method for the direction; the amount must lie within its limits; ' +
            'the answer names the method and its `fee` (charged by the provider on top of a deposit, out of a withdrawal’s payout: `amount` is what moves through the account). ' +
            'Live withdrawals, and live deposits past VERIFICATION_DEPOSIT_THRESHOLD, need an approved identity verification: else 422 on `verification` with `verification_required: true`. ' +
            'A withdrawal may not exceed the platform’s free margin (no more than the balance) less pending withdrawals. ' +
            'A live withdrawal needs a step-up (423, docs/adr/0084) and is refused (422 `security_cooldown` with `withdrawals_held_until`) for SECURITY_COOLDOWN_HOURS after a security change. ' +
            replayed,
          tags,
          headers: idempotencyHeader,
          body: walletRequestBodySchema,
          response: { 201: ledgerEntrySchema, ...refusals(401, 409, 422, 423, 503) },
        },
      },
      async (request, reply) =>
        send(
          reply,
          await services.wallet.request(authOf(request).user.id, operation, request.body, request.headers['idempotency-key'], {
            stepUp: () => requireStepUp(services, request),
          }),
        ),
    );
  }

  app.post(
    '/api/wallet/transfer',
    {
      preValidation,
      schema: {
        summary: 'Move money between two of the caller’s accounts',
        description: replayed,
        tags,
        headers: idempotencyHeader,
        body: transferBodySchema,
        response: { 201: transferResultSchema, ...refusals(401, 409, 422, 503) },
      },
    },
    async (request, reply) => send(reply, await services.wallet.transfer(authOf(request).user.id, request.body, request.headers['idempotency-key'])),
  );

  app.get(
    '/api/wallet/requests/:id/timeline',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'The timeline of one of the caller’s deposits or withdrawals',
        description:
          'Every step, oldest first: submitted, under review (with the expected time staff set), approved or rejected (with the reason), completed. ' +
          'Another client’s request, a transfer, or an unknown id is 404.',
        tags,
        params: z.object({ id: idParam }),
        response: { 200: timelineSchema, ...refusals(401, 404) },
      },
    },
    async (request) => {
      const timeline = await services.wallet.timeline(request.params.id, authOf(request).user.id);
      if (!timeline) throw notFound(request.locale);
      return timeline;
    },
  );
};
