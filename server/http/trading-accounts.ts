import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toId } from '../../contract/trading.ts';
import {
  accountLimitsSchema,
  balanceHistoryQuerySchema,
  balanceHistorySchema,
  createAccountBodySchema,
  currencySchema,
  tradingAccountSchema,
} from '../../contract/trading.schema.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { idParam } from './id-params.ts';
import { refusals } from './responses.ts';

const tags = ['trading accounts'];

/** GET /api/currencies, GET /api/trading-account, GET /api/trading-account/limits, POST /api/trading-account/create, GET /api/trading-account/:id/balance-history */
export const tradingAccountRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const preValidation = guard.signedIn;

  app.get(
    '/api/currencies',
    { preValidation, schema: { summary: 'The currencies an account can hold', tags, response: { 200: z.array(currencySchema), ...refusals(401) } } },
    async () => services.currencies.list(),
  );

  app.get(
    '/api/trading-account',
    { preValidation, schema: { summary: 'The caller’s accounts, oldest first', tags, response: { 200: z.array(tradingAccountSchema), ...refusals(401) } } },
    async (request) => services.tradingAccounts.list(authOf(request).user.id),
  );

  app.get(
    '/api/trading-account/limits',
    { preValidation, schema: { summary: 'How many accounts one client may hold', tags, response: { 200: accountLimitsSchema, ...refusals(401) } } },
    async () => ({ max_accounts: services.tradingAccounts.maxAccounts }),
  );

  app.post(
    '/api/trading-account/create',
    {
      preValidation,
      schema: {
        summary: 'Open an account',
        tags,
        body: createAccountBodySchema,
        response: { 201: tradingAccountSchema, ...refusals(401, 422) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const account = await services.tradingAccounts.create(authOf(request).user.id, {
        currencyId: toId(body.currency_id),
        type: body.type ?? 'live',
        leverage: body.leverage === undefined ? null : (toId(body.leverage) ?? Number.NaN),
      });
      return reply.code(201).send(account);
    },
  );

  app.get(
    '/api/trading-account/:id/balance-history',
    {
      preValidation,
      schema: {
        summary: 'The account’s balance and equity at the end of each UTC day, from the platform’s daily reports',
        description: 'Another client’s account is 404: its existence is not disclosed.',
        tags,
        params: z.object({ id: idParam }),
        querystring: balanceHistoryQuerySchema,
        response: { 200: balanceHistorySchema, ...refusals(401, 404, 422) },
      },
    },
    async (request) => {
      // Another client's account is answered as missing (NotFoundError), not forbidden: its existence is not disclosed.
      return services.platformAccounts.balanceHistory(authOf(request).user.id, request.params.id, request.query.range);
    },
  );
};
