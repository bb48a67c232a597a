import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { barSchema, barsQuerySchema, platformInfoSchema, reconciliationSchema, tradingStatsQuerySchema, tradingStatsSchema } from '../../contract/platform.schema.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { refusals } from './responses.ts';

const tags = ['trading platform'];

/** GET /api/platform, /api/platform/bars, /api/analytics/trading; staff: GET /api/admin/reconciliation. */
export const platformRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  app.get(
    '/api/platform',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'The trading platform: instruments, the latest quotes, margin-call and stop-out levels',
        description: '`simulated: true`: the prices are not a market’s; the app says so next to them. Quotes then arrive on the public `prices` channel (`price.tick`).',
        tags,
        response: { 200: platformInfoSchema, ...refusals(401, 503) },
      },
    },
    async () => services.platformAccounts.info(),
  );

  app.get(
    '/api/platform/bars',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'Bars of bid prices, oldest first (the newest `limit`)',
        tags,
        querystring: barsQuerySchema,
        response: { 200: z.array(barSchema), ...refusals(401, 422, 503) },
      },
    },
    async (request) => services.platformAccounts.bars(request.query.symbol, request.query.timeframe, request.query.limit),
  );

  app.get(
    '/api/analytics/trading',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'Results of the account’s closed positions: trades, win rate, profit, maximum drawdown',
        description:
          'From the platform’s deals. `gross_loss` is signed (negative), as MetaTrader reports it. The drawdown is the largest fall of the balance from a previous peak, trading only: ' +
          'money paid in or out moves the peak with the balance. Another client’s account is 404.',
        tags,
        querystring: tradingStatsQuerySchema,
        response: { 200: tradingStatsSchema, ...refusals(401, 404, 422, 503) },
      },
    },
    async (request) => services.platformAccounts.stats(authOf(request).user.id, request.query.account_id),
  );

  app.get(
    '/api/admin/reconciliation',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: every account’s ledger against the platform; the accounts out of step',
        description:
          'An account is listed when its completed ledger sum differs from the platform’s balance less realised trading profit (`drift`), or when completed entries have no deal ticket. ' +
          'Also run every RECONCILE_INTERVAL_MINUTES, logging drift.',
        tags: ['staff'],
        response: { 200: reconciliationSchema, ...refusals(401, 403, 503) },
      },
    },
    async () => services.reconciliation.run(),
  );
};
