import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { minorToDecimal } from '../../contract/money.ts';
import { historyPageSchema, historyQuerySchema } from '../../contract/trading.schema.ts';
import type { LedgerEntry } from '../../contract/trading.ts';
import { decodeCursor, type HistoryFilter, type HistoryPosition } from '../services/ledger-history.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { asContent, refusals } from './responses.ts';
import { validationFailed } from './validation.ts';

const CSV_COLUMNS = ['date', 'reference', 'account', 'kind', 'status', 'amount', 'currency', 'counterparty_account'] as const;

/** A CSV field: quoted when needed; text that a spreadsheet would run as a formula is defused. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRow(entry: LedgerEntry): string {
  return [
    entry.created_at,
    entry.reference,
    entry.account_number,
    entry.kind,
    entry.status,
    minorToDecimal(entry.amount, entry.precision),
    entry.currency,
    entry.counterparty_account_number ?? '',
  ]
    .map(csvField)
    .join(',');
}

const tags = ['history'];

/** GET /api/history (paged) and GET /api/history/export (CSV): the caller's ledger entries. */
export const historyRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const preValidation = guard.signedIn;

  async function filterOf(request: FastifyRequest, query: z.output<typeof historyQuerySchema>) {
    const userId = authOf(request).user.id;
    if (query.account_id !== undefined) {
      if (!(await services.ledgerHistory.ownsAccount(userId, query.account_id))) throw validationFailed(request.locale, [{ field: 'account_id', rule: 'exists' }]);
    }
    const filter: HistoryFilter = { accountId: query.account_id, kind: query.kind, status: query.status, from: query.from, to: query.to };
    return { userId, filter };
  }

  app.get(
    '/api/history',
    {
      preValidation,
      schema: {
        summary: 'The caller’s ledger entries, newest first, paged',
        tags,
        querystring: historyQuerySchema,
        response: { 200: historyPageSchema, ...refusals(401, 422) },
      },
    },
    async (request) => {
      const { userId, filter } = await filterOf(request, request.query);
      const { cursor: token, page, per_page } = request.query;
      const cursor = token === undefined ? undefined : decodeCursor(token);
      if (cursor === null) throw validationFailed(request.locale, [{ field: 'cursor', rule: 'invalid' }]);
      const at: HistoryPosition = cursor ? { cursor } : { page };
      return services.ledgerHistory.page(userId, filter, at, per_page);
    },
  );

  app.get(
    '/api/history/export',
    {
      preValidation,
      schema: {
        summary: 'The same entries as CSV, unpaged',
        tags,
        querystring: historyQuerySchema,
        response: { 200: asContent('text/csv', 'CRLF lines: date,reference,account,kind,status,amount,currency,counterparty_account'), ...refusals(401, 422) },
      },
    },
    async (request, reply) => {
      const { userId, filter } = await filterOf(request, request.query);
      const lines = [CSV_COLUMNS.join(',')];
      for await (const batch of services.ledgerHistory.all(userId, filter)) for (const entry of batch) lines.push(csvRow(entry));
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="traderoom-history-${day}.csv"`);
      return `${lines.join('\r\n')}\r\n`;
    },
  );
};
