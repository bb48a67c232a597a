import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { transferBodySchema, walletRequestBodySchema } from '../../contract/trading.schema.ts';
import { toId } from '../../contract/trading.ts';
import { fingerprint, IDEMPOTENCY_KEY, once, type Answer } from '../services/idempotency.ts';
import type { Services } from '../services/index.ts';
import type { Db } from '../db/schema.ts';
import type { Clock } from '../services/clock.ts';
import { authOf, requireAuth } from './authenticate.ts';
import { answering } from './rule-errors.ts';
import { validate, validationFailed } from './validation.ts';

const id = (value: number | string) => toId(value);

/**
 * POST /api/wallet/deposit, /api/wallet/withdrawal, /api/wallet/transfer. Each needs an
 * `Idempotency-Key` header: a retried or doubled request with the same key gets the first
 * answer again (with `Idempotent-Replayed: true`) and moves no money.
 */
export const walletRoutes: FastifyPluginAsync<{ services: Services; db: Db; clock: Clock }> = async (app, { services, db, clock }) => {
  const preHandler = requireAuth(services);

  function keyOf(request: FastifyRequest): string {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key.trim() === '') throw validationFailed(request.locale, [{ field: 'idempotency_key', rule: 'required' }]);
    if (!IDEMPOTENCY_KEY.test(key)) throw validationFailed(request.locale, [{ field: 'idempotency_key', rule: 'invalid' }]);
    return key;
  }

  function send<T>(reply: FastifyReply, answer: Answer<T>): T {
    reply.code(answer.status);
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return answer.body;
  }

  for (const operation of ['deposit', 'withdrawal'] as const) {
    app.post(`/api/wallet/${operation}`, { preHandler }, async (request, reply) => {
      const key = keyOf(request);
      const body = validate(walletRequestBodySchema, request.body, request.locale);
      const userId = authOf(request).user.id;
      const answer = await answering(request.locale, () =>
        once(db, clock, { userId, key, fingerprint: fingerprint(operation, [body.account_id, body.amount]) }, async (trx) => ({
          status: 201,
          body: await services.wallet.request(trx, userId, operation, { accountId: id(body.account_id), amount: body.amount }),
        })),
      );
      return send(reply, answer);
    });
  }

  app.post('/api/wallet/transfer', { preHandler }, async (request, reply) => {
    const key = keyOf(request);
    const body = validate(transferBodySchema, request.body, request.locale);
    const userId = authOf(request).user.id;
    const answer = await answering(request.locale, () =>
      once(db, clock, { userId, key, fingerprint: fingerprint('transfer', [body.from_account_id, body.to_account_id, body.amount]) }, async (trx) => ({
        status: 201,
        body: await services.wallet.transfer(trx, userId, { fromId: id(body.from_account_id), toId: id(body.to_account_id), amount: body.amount }),
      })),
    );
    return send(reply, answer);
  });
};
