import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStepUp } from './step-up.ts';
import { minorToDecimal } from '../../contract/money.ts';
import {
  accountDetailsSchema,
  accountStateSchema,
  curvePointSchema,
  curveQuerySchema,
  dealSchema,
  dealsQuerySchema,
  leverageBodySchema,
  loginParamsSchema,
  nicknameBodySchema,
  orderBodySchema,
  orderResultSchema,
  passwordBodySchema,
  passwordResultSchema,
  positionParamsSchema,
  positionSchema,
  statementQuerySchema,
  statementSchema,
  stopsBodySchema,
} from '../../contract/platform.schema.ts';
import type { Statement } from '../../contract/platform.ts';
import { pagedSchema, tradingAccountSchema } from '../../contract/trading.schema.ts';
import { z } from 'zod';
import { balanceEffect } from '../services/platform-deals.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { csvField } from './history.ts';
import { notFound } from './http-error.ts';
import { idempotencyHeader, replayed, requireKey, send } from './idempotency-key.ts';
import { asContent, refusals } from './responses.ts';

const tags = ['account'];
const LOGIN = /^\d{1,20}$/;
const TICKET = /^\d{1,15}$/;
const hidden = 'Another client’s login (or none) is 404: its existence is not disclosed.';

/** A login or ticket in the path that can name nothing is 404, like another client’s: before the schema’s 422. */
async function checkPathNames(request: FastifyRequest): Promise<void> {
  const params = request.params as { login?: string; ticket?: string };
  if ((params.login !== undefined && !LOGIN.test(params.login)) || (params.ticket !== undefined && !TICKET.test(params.ticket))) throw notFound(request.locale);
}

export const STATEMENT_CSV_COLUMNS = ['time', 'ticket', 'type', 'entry', 'reason', 'symbol', 'volume', 'price', 'position', 'profit', 'balance', 'comment'] as const;

/**
 * A statement as CSV (RFC 4180: CRLF lines, fields quoted when needed): one row per deal, oldest
 * first, money in major units with a dot, and the balance after each deal, starting from the
 * period's opening balance.
 */
export function statementCsv(statement: Statement): string {
  const money = (minor: number) => minorToDecimal(minor, statement.precision);
  let balance = statement.opening_balance;
  const rows = statement.deals.map((deal) => {
    balance += balanceEffect(deal);
    return [
      deal.time,
      String(deal.ticket),
      deal.kind,
      deal.entry ?? '',
      deal.reason,
      deal.symbol ?? '',
      deal.volume === null ? '' : String(deal.volume),
      deal.price === null ? '' : String(deal.price),
      deal.position_ticket === null ? '' : String(deal.position_ticket),
      money(deal.profit),
      money(balance),
      deal.comment,
    ]
      .map(csvField)
      .join(',');
  });
  return [STATEMENT_CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

/** The account page's calls, /api/accounts/{login}/… (ADR 0080), each for the caller's own account. */
export const accountRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const preValidation = [guard.signedIn, checkPathNames];
  const accounts = services.platformAccounts;
  const user = (request: FastifyRequest) => authOf(request).user.id;

  app.get(
    '/api/accounts/:login',
    {
      preValidation,
      schema: {
        summary: 'The account, its live state and its open positions',
        description: `${hidden} Live updates: \`private-account.{login}\` (\`account.state\`, \`account.changed\`).`,
        tags,
        params: loginParamsSchema,
        response: { 200: accountDetailsSchema, ...refusals(401, 404, 503) },
      },
    },
    async (request) => accounts.details(user(request), request.params.login),
  );

  app.patch(
    '/api/accounts/:login',
    {
      preValidation,
      schema: {
        summary: 'Name the account',
        description: `At most 40 characters; empty or null: no nickname. ${hidden}`,
        tags,
        params: loginParamsSchema,
        body: nicknameBodySchema,
        response: { 200: tradingAccountSchema, ...refusals(401, 404, 422, 503) },
      },
    },
    async (request) => accounts.rename(user(request), request.params.login, request.body.nickname),
  );

  app.post(
    '/api/accounts/:login/orders',
    {
      preValidation: [...preValidation, requireKey],
      schema: {
        summary: 'A market order: buy at the ask or sell at the bid',
        description: `422 on \`volume\` (off the instrument's grid, or not enough free margin), \`stop_loss\`/\`take_profit\` (wrong side of the price), \`symbol\` (market closed). ${replayed} ${hidden}`,
        tags,
        params: loginParamsSchema,
        headers: idempotencyHeader,
        body: orderBodySchema,
        response: { 201: orderResultSchema, ...refusals(401, 404, 409, 422, 503) },
      },
    },
    async (request, reply) => send(reply, await accounts.order(user(request), request.params.login, request.body, request.headers['idempotency-key'])),
  );

  app.patch(
    '/api/accounts/:login/positions/:ticket',
    {
      preValidation,
      schema: {
        summary: 'Move a position’s stop-loss and take-profit (null: none)',
        tags,
        params: positionParamsSchema,
        body: stopsBodySchema,
        response: { 200: positionSchema, ...refusals(401, 404, 422, 503) },
      },
    },
    async (request) => accounts.modify(user(request), request.params.login, request.params.ticket, request.body),
  );

  app.post(
    '/api/accounts/:login/positions/:ticket/close',
    {
      preValidation,
      schema: {
        summary: 'Close a position at the market; answers the closing deal',
        tags,
        params: positionParamsSchema,
        response: { 200: dealSchema, ...refusals(401, 404, 422, 503) },
      },
    },
    async (request) => accounts.close(user(request), request.params.login, request.params.ticket),
  );

  app.get(
    '/api/accounts/:login/deals',
    {
      preValidation,
      schema: {
        summary: 'Deals, newest first, paged',
        description: 'Inclusive UTC days; by default since the account was opened.',
        tags,
        params: loginParamsSchema,
        querystring: dealsQuerySchema,
        response: { 200: pagedSchema(dealSchema), ...refusals(401, 404, 422, 503) },
      },
    },
    async (request) => accounts.deals(user(request), request.params.login, request.query),
  );

  app.get(
    '/api/accounts/:login/curve',
    {
      preValidation,
      schema: {
        summary: 'Balance and equity at the end of each UTC day, then now',
        tags,
        params: loginParamsSchema,
        querystring: curveQuerySchema,
        response: { 200: z.array(curvePointSchema), ...refusals(401, 404, 422, 503) },
      },
    },
    async (request) => accounts.curve(user(request), request.params.login, request.query.range),
  );

  app.post(
    '/api/accounts/:login/leverage',
    {
      preValidation,
      schema: {
        summary: 'Change the leverage',
        description: '422 on `leverage` when the open positions’ margin at the new leverage would exceed the equity.',
        tags,
        params: loginParamsSchema,
        body: leverageBodySchema,
        response: { 200: accountStateSchema, ...refusals(401, 404, 422, 503) },
      },
    },
    async (request) => accounts.leverage(user(request), request.params.login, request.body.leverage),
  );

  app.post(
    '/api/accounts/:login/password',
    {
      preValidation,
      schema: {
        summary: 'A new trading (master) or read-only (investor) password for the platform',
        description: 'Generated by the server, set on the platform and answered once; Traderoom keeps none of it. Needs a step-up (423).',
        tags,
        params: loginParamsSchema,
        body: passwordBodySchema,
        response: { 200: passwordResultSchema, ...refusals(401, 404, 422, 423, 503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return accounts.password(user(request), request.params.login, request.body.kind, () => requireStepUp(services, request));
    },
  );

  app.post(
    '/api/accounts/:login/archive',
    {
      preValidation,
      schema: {
        summary: 'Archive an empty account',
        description: '422 on `account` with open positions, a balance or a request waiting for staff.',
        tags,
        params: loginParamsSchema,
        response: { 200: tradingAccountSchema, ...refusals(401, 404, 422, 503) },
      },
    },
    async (request) => accounts.archive(user(request), request.params.login),
  );

  app.get(
    '/api/accounts/:login/statement',
    {
      preValidation,
      schema: {
        summary: 'A statement of a period: opening and closing balance, money in and out, profit, deals',
        description: 'Inclusive UTC days; by default this month. Deals oldest first; `deposits` and `withdrawals` are positive sums.',
        tags,
        params: loginParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: statementSchema, ...refusals(401, 404, 422, 503) },
      },
    },
    async (request) => accounts.statement(user(request), request.params.login, request.query),
  );

  app.get(
    '/api/accounts/:login/statement.csv',
    {
      preValidation,
      schema: {
        summary: 'The same statement as a CSV file',
        tags,
        params: loginParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: asContent('text/csv', `CRLF lines: ${STATEMENT_CSV_COLUMNS.join(',')}; money in major units with a dot`), ...refusals(401, 404, 422, 503) },
      },
    },
    async (request, reply) => {
      const statement = await accounts.statement(user(request), request.params.login, request.query);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statement-${statement.login}-${statement.from}-${statement.to}.csv"`);
      return statementCsv(statement);
    },
  );
};
