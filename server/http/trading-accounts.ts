import type { FastifyPluginAsync } from 'fastify';
import { balanceHistoryQuerySchema, createAccountBodySchema } from '../../contract/trading.schema.ts';
import { toId, type AccountLimits, type BalanceHistory, type Currency, type TradingAccount } from '../../contract/trading.ts';
import type { Services } from '../services/index.ts';
import { authOf, requireAuth } from './authenticate.ts';
import { notFound } from './http-error.ts';
import { answering } from './rule-errors.ts';
import { validate } from './validation.ts';

/** GET /api/currencies, GET /api/trading-account, GET /api/trading-account/limits, POST /api/trading-account/create, GET /api/trading-account/:id/balance-history */
export const tradingAccountRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const preHandler = requireAuth(services);

  app.get('/api/currencies', { preHandler }, async (): Promise<Currency[]> => services.currencies.list());

  app.get('/api/trading-account', { preHandler }, async (request): Promise<TradingAccount[]> => services.tradingAccounts.list(authOf(request).user.id));

  app.get('/api/trading-account/limits', { preHandler }, async (): Promise<AccountLimits> => ({ max_accounts: services.tradingAccounts.maxAccounts }));

  app.post('/api/trading-account/create', { preHandler }, async (request, reply): Promise<TradingAccount> => {
    const body = validate(createAccountBodySchema, request.body, request.locale);
    const account = await answering(request.locale, () =>
      services.tradingAccounts.create(authOf(request).user.id, {
        currencyId: toId(body.currency_id),
        type: body.type ?? 'live',
        leverage: body.leverage === undefined ? null : (toId(body.leverage) ?? Number.NaN),
      }),
    );
    reply.code(201);
    return account;
  });

  app.get<{ Params: { id: string } }>('/api/trading-account/:id/balance-history', { preHandler }, async (request): Promise<BalanceHistory> => {
    const { range } = validate(balanceHistoryQuerySchema, request.query, request.locale);
    const id = toId(request.params.id);
    const own = id !== null && (await services.tradingAccounts.list(authOf(request).user.id)).some((a) => a.id === id);
    // Another client's account is answered as missing, not forbidden: its existence is not disclosed.
    if (!own) throw notFound(request.locale);
    return services.ledgerHistory.balanceHistory(id, range);
  });
};
