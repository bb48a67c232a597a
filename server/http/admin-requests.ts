import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HISTORY_PER_PAGE_DEFAULT, HISTORY_PER_PAGE_MAX, LEDGER_STATUSES, toId, type Paged, type WalletRequest } from '../../contract/trading.ts';
import type { Services } from '../services/index.ts';
import { authOf, requireAuth } from './authenticate.ts';
import { forbidden, notFound } from './http-error.ts';
import { answering } from './rule-errors.ts';
import { validate } from './validation.ts';

const queueQuerySchema = z.object({
  status: z.enum(LEDGER_STATUSES).optional().default('pending'),
  page: z.coerce.number<string>().int().min(1).optional().default(1),
  per_page: z.coerce.number<string>().int().min(1).max(HISTORY_PER_PAGE_MAX).optional().default(HISTORY_PER_PAGE_DEFAULT),
});

/** Staff: GET /api/admin/wallet-requests, POST /api/admin/wallet-requests/:id/approve and /reject. */
export const adminRequestRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const authenticate = requireAuth(services);
  const preHandler = async (request: FastifyRequest, reply: Parameters<typeof authenticate>[1]) => {
    await authenticate(request, reply);
    if (!authOf(request).user.roles.includes('admin')) throw forbidden(request.locale);
  };

  app.get('/api/admin/wallet-requests', { preHandler }, async (request): Promise<Paged<WalletRequest>> => {
    const query = validate(queueQuerySchema, request.query, request.locale);
    return services.ledgerHistory.requests(query.status, query.page, query.per_page);
  });

  for (const decision of ['approve', 'reject'] as const) {
    app.post<{ Params: { id: string } }>(`/api/admin/wallet-requests/:id/${decision}`, { preHandler }, async (request): Promise<WalletRequest> => {
      const id = toId(request.params.id);
      const decided = id === null ? null : await answering(request.locale, () => services.wallet.decide(authOf(request).user.id, id, decision));
      if (!decided) throw notFound(request.locale);
      return decided;
    });
  }
};
