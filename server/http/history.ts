import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { minorToDecimal } from '../../contract/money.ts';
import { historyQuerySchema } from '../../contract/trading.schema.ts';
import type { LedgerEntry, Paged } from '../../contract/trading.ts';
import type { HistoryFilter } from '../services/ledger-history.ts';
import type { Services } from '../services/index.ts';
import { authOf, requireAuth } from './authenticate.ts';
import { validate, validationFailed } from './validation.ts';

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

/** GET /api/history (paged) and GET /api/history/export (CSV): the caller's ledger entries. */
export const historyRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const preHandler = requireAuth(services);

  async function filterOf(request: FastifyRequest) {
    const query = validate(historyQuerySchema, request.query, request.locale);
    const userId = authOf(request).user.id;
    if (query.account_id !== undefined) {
      const own = (await services.tradingAccounts.list(userId)).some((a) => a.id === query.account_id);
      if (!own) throw validationFailed(request.locale, [{ field: 'account_id', rule: 'exists' }]);
    }
    const filter: HistoryFilter = { accountId: query.account_id, kind: query.kind, status: query.status, from: query.from, to: query.to };
    return { userId, filter, page: query.page, perPage: query.per_page };
  }

  app.get('/api/history', { preHandler }, async (request): Promise<Paged<LedgerEntry>> => {
    const { userId, filter, page, perPage } = await filterOf(request);
    return services.ledgerHistory.page(userId, filter, page, perPage);
  });

  app.get('/api/history/export', { preHandler }, async (request, reply) => {
    const { userId, filter } = await filterOf(request);
    const lines = [CSV_COLUMNS.join(',')];
    for await (const batch of services.ledgerHistory.all(userId, filter)) for (const entry of batch) lines.push(csvRow(entry));
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="traderoom-history-${day}.csv"`);
    return `${lines.join('\r\n')}\r\n`;
  });
};
