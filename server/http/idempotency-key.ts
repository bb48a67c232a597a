import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IDEMPOTENCY_KEY, type Answer } from '../services/idempotency.ts';
import { validationFailed } from './validation.ts';

/** The `Idempotency-Key` header of the calls that move money or open positions. */
export const idempotencyHeader = z.object({
  'idempotency-key': z.string().regex(IDEMPOTENCY_KEY).describe('1–100 of A–Z a–z 0–9 . _ : - (a UUID fits); a repeat answers the first result again'),
});

export const replayed = 'With `Idempotent-Replayed: true` when this is the stored answer of an earlier request with the same key; 409 while that request is still at work.';

/** The `Idempotency-Key` header, checked before the body (its 422 comes first). */
export async function requireKey(request: FastifyRequest): Promise<void> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || key.trim() === '') throw validationFailed(request.locale, [{ field: 'idempotency_key', rule: 'required' }]);
  if (!IDEMPOTENCY_KEY.test(key)) throw validationFailed(request.locale, [{ field: 'idempotency_key', rule: 'invalid' }]);
}

/** The answer with its status, marked when it is a replay. */
export function send<T>(reply: FastifyReply, answer: Answer<T>): T {
  reply.code(answer.status);
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return answer.body;
}
