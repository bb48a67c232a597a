import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ledgerEntrySchema, transferBodySchema, transferResultSchema, walletRequestBodySchema } from '../../contract/trading.schema.ts';
import { IDEMPOTENCY_KEY, type Answer } from '../services/idempotency.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { refusals } from './responses.ts';
import { validationFailed } from './validation.ts';

const idempotencyHeader = z.object({
  'idempotency-key': z.string().regex(IDEMPOTENCY_KEY).describe('1–100 of A–Z a–z 0–9 . _ : - (a UUID fits); a repeat answers the first result again'),
});
const tags = ['wallet'];
const replayed = 'With `Idempotent-Replayed: true` when this is the stored answer of an earlier request with the same key.';

/** The `Idempotency-Key` header, checked before the body (its 422 comes first). */
async function requireKey(request: FastifyRequest): Promise<void> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || key.trim() === '') throw validationFailed(request.locale, [{ field: 'idempotency_key', rule: 'required' }]);
  if (!IDEMPOTENCY_KEY.test(key)) throw validationFailed(request.locale, [{ field: 'idempotency_key', rule: 'invalid' }]);
}

function send<T>(reply: FastifyReply, answer: Answer<T>): T {
  reply.code(answer.status);
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return answer.body;
}

/**
 * POST /api/wallet/deposit, /api/wallet/withdrawal, /api/wallet/transfer. Each needs an
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
          description: `Demo accounts: completed at once; live ones wait for staff. ${replayed}`,
          tags,
          headers: idempotencyHeader,
          body: walletRequestBodySchema,
          response: { 201: ledgerEntrySchema, ...refusals(401, 422) },
        },
      },
      async (request, reply) =>
        send(reply, await services.wallet.request(authOf(request).user.id, operation, request.body, request.headers['idempotency-key'])),
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
        response: { 201: transferResultSchema, ...refusals(401, 422) },
      },
    },
    async (request, reply) => send(reply, await services.wallet.transfer(authOf(request).user.id, request.body, request.headers['idempotency-key'])),
  );
};
