import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminStrategySchema,
  copySubscriptionDetailsSchema,
  copySubscriptionSummarySchema,
  myStrategySchema,
  stopLossPutSchema,
  strategyBodySchema,
  strategyDetailsSchema,
  strategyHideBodySchema,
  strategyListQuerySchema,
  strategyQuerySchema,
  strategySummarySchema,
  subscribeBodySchema,
  subscriptionMoneyBodySchema,
} from '../../contract/investing.schema.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { idParam } from './id-params.ts';
import { idempotencyHeader, replayed, requireKey, send } from './idempotency-key.ts';
import { refusals } from './responses.ts';

const tags = ['investing'];
const staffTags = ['investing (staff)'];
const params = z.object({ id: idParam });

/**
 * Copy trading (services/investing.ts, docs/adr/0093). Clients: the leaderboard, a strategy's page,
 * offering one of their accounts as a strategy, following one (a copy account funded from theirs),
 * the subscription's steps by machines/copy-subscription (409 when its state refuses them). Staff:
 * every strategy, hide and unhide. Another client's subscription reads as missing (404).
 */
export const investingRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const { strategies, subscriptions } = services.investing;
  const keyed = [guard.signedIn, requireKey];

  app.get(
    '/api/investing/strategies',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'The leaderboard: public strategies (and the caller’s own) with their figures over `period`, sorted and filtered',
        description: 'Risk score: contract/investing.ts `riskScore` (1–10 from the annualised volatility of daily returns and the maximum drawdown). Returns are time-weighted.',
        tags,
        querystring: strategyListQuerySchema,
        response: { 200: z.array(strategySummarySchema), ...refusals(401, 422) },
      },
    },
    async (request) => strategies.list(authOf(request).user.id, request.query),
  );

  app.get(
    '/api/investing/strategies/:id',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'One strategy: its equity since it opened, returns over every period, fee plan and closed trades (delayed by `trades_delay_minutes`)',
        tags,
        params,
        querystring: strategyQuerySchema,
        response: { 200: strategyDetailsSchema, ...refusals(401, 404, 422) },
      },
    },
    async (request) => strategies.details(authOf(request).user.id, request.params.id, request.locale, request.query.period),
  );

  app.get(
    '/api/investing/my-strategies',
    { preValidation: guard.signedIn, schema: { summary: 'The strategies the caller offers, with their descriptions, invitation code and fees earned', tags, response: { 200: z.array(myStrategySchema), ...refusals(401) } } },
    async (request) => strategies.mine(authOf(request).user.id, request.locale),
  );

  app.post(
    '/api/investing/my-strategies',
    {
      preValidation: guard.signedIn,
      schema: { summary: 'Offer one of the caller’s accounts as a strategy', tags, body: strategyBodySchema, response: { 201: myStrategySchema, ...refusals(401, 422) } },
    },
    async (request, reply) => reply.code(201).send(await strategies.offer(authOf(request).user.id, request.body, request.locale)),
  );

  app.put(
    '/api/investing/my-strategies/:id',
    {
      preValidation: guard.signedIn,
      schema: { summary: 'Change one’s strategy (its account stays): name, descriptions, fee plan, visibility, trade delay', tags, params, body: strategyBodySchema, response: { 200: myStrategySchema, ...refusals(401, 404, 422) } },
    },
    async (request) => strategies.update(authOf(request).user.id, request.params.id, request.body, request.locale),
  );

  app.post(
    '/api/investing/strategies/:id/subscriptions',
    {
      preValidation: keyed,
      schema: {
        summary: 'Follow a strategy: a copy account in its currency is opened and funded from `account_id` (a wallet transfer)',
        description:
          'The source account must be the caller’s, active, in the strategy’s currency and of its type (demo or live); the amount at least the plan’s minimum and no more than the account’s available money. ' +
          'By invitation: `invitation_code`. One open subscription per strategy. ' +
          replayed,
        tags,
        params,
        headers: idempotencyHeader,
        body: subscribeBodySchema,
        response: { 201: copySubscriptionDetailsSchema, ...refusals(401, 404, 409, 422, 503) },
      },
    },
    async (request, reply) => send(reply, await subscriptions.subscribe(authOf(request).user.id, request.params.id, request.body, request.headers['idempotency-key'])),
  );

  app.get(
    '/api/investing/subscriptions',
    { preValidation: guard.signedIn, schema: { summary: 'The caller’s subscriptions, newest first', tags, response: { 200: z.array(copySubscriptionSummarySchema), ...refusals(401) } } },
    async (request) => subscriptions.list(authOf(request).user.id),
  );

  app.get(
    '/api/investing/subscriptions/:id',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'One subscription: copied and skipped trades (with reasons and the proportion’s inputs), fee lines with the figures they were computed from, the stop-loss and the timeline',
        tags,
        params,
        response: { 200: copySubscriptionDetailsSchema, ...refusals(401, 404) },
      },
    },
    async (request) => subscriptions.details(authOf(request).user.id, request.params.id),
  );

  app.put(
    '/api/investing/subscriptions/:id/stop-loss',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'Set, change or remove (null) the equity stop-loss: a floor in money, or the percent of the money invested one may lose',
        tags,
        params,
        body: stopLossPutSchema,
        response: { 200: copySubscriptionDetailsSchema, ...refusals(401, 404, 409, 422) },
      },
    },
    async (request) => subscriptions.setStopLoss(authOf(request).user.id, request.params.id, request.body.stop_loss),
  );

  for (const step of ['pause', 'resume'] as const) {
    app.post(
      `/api/investing/subscriptions/:id/${step}`,
      {
        preValidation: guard.signedIn,
        schema: {
          summary: step === 'pause' ? 'Pause copying new trades (open copies still follow the strategy’s closes)' : 'Resume copying (only while equity is above the stop-loss floor)',
          tags,
          params,
          response: { 200: copySubscriptionDetailsSchema, ...refusals(401, 404, 409) },
        },
      },
      async (request) => subscriptions[step](authOf(request).user.id, request.params.id),
    );
  }

  for (const step of ['add-funds', 'withdraw'] as const) {
    app.post(
      `/api/investing/subscriptions/:id/${step}`,
      {
        preValidation: keyed,
        schema: {
          summary:
            step === 'add-funds'
              ? 'Move more money into the copy account from `account_id` (default: the account it was funded from)'
              : 'Take money out of the copy account to `account_id` (default: the source): fees are settled first, then at most the free margin',
          description: replayed,
          tags,
          params,
          headers: idempotencyHeader,
          body: subscriptionMoneyBodySchema,
          response: { 200: copySubscriptionDetailsSchema, ...refusals(401, 404, 409, 422, 503) },
        },
      },
      async (request, reply) => {
        const userId = authOf(request).user.id;
        const key = request.headers['idempotency-key'];
        return send(reply, await (step === 'add-funds' ? subscriptions.addFunds(userId, request.params.id, request.body, key) : subscriptions.withdraw(userId, request.params.id, request.body, key)));
      },
    );
  }

  app.post(
    '/api/investing/subscriptions/:id/unsubscribe',
    {
      preValidation: keyed,
      schema: {
        summary: 'Leave: positions close, fees are settled, the money goes back to the source account (state `closed`; `closing` while a market is shut)',
        description: replayed,
        tags,
        params,
        headers: idempotencyHeader,
        response: { 200: copySubscriptionDetailsSchema, ...refusals(401, 404, 409, 422, 503) },
      },
    },
    async (request, reply) => send(reply, await subscriptions.unsubscribe(authOf(request).user.id, request.params.id, request.headers['idempotency-key'])),
  );

  app.get(
    '/api/admin/strategies',
    { preValidation: guard.admin, schema: { summary: 'Staff: every strategy, hidden ones too', tags: staffTags, response: { 200: z.array(adminStrategySchema), ...refusals(401, 403) } } },
    async () => strategies.adminList(),
  );

  app.post(
    '/api/admin/strategies/:id/hide',
    {
      preValidation: guard.admin,
      schema: { summary: 'Staff: hide a strategy from the leaderboard (followers keep copying)', tags: staffTags, params, body: strategyHideBodySchema, response: { 200: adminStrategySchema, ...refusals(401, 403, 404, 422) } },
    },
    async (request) => strategies.hide(request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/strategies/:id/unhide',
    { preValidation: guard.admin, schema: { summary: 'Staff: show a hidden strategy again', tags: staffTags, params, response: { 200: adminStrategySchema, ...refusals(401, 403, 404) } } },
    async (request) => strategies.hide(request.params.id, null),
  );
};
