import { queryOptions } from '@tanstack/react-query';
import type { Statement } from '../../../../contract/platform';
import { FRESH_PER_VISIT, loaderUnlessHeld } from '../../../data/query-client';
import { http, request, type RequestOptions } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';
import { tradingKeys } from './fetch-account-details';

export interface StatementPeriod {
  from: string;
  to: string;
}

/** GET /api/accounts/{login}/statement?from=&to= (inclusive UTC days). */
export function fetchStatement(login: string, period: StatementPeriod, options: RequestOptions = {}): Promise<Statement> {
  return request<Statement>(`/api/accounts/${encodeURIComponent(login)}/statement`, { ...options, query: { ...period } });
}

export const statementQuery = (login: string, period: StatementPeriod) =>
  queryOptions({
    queryKey: [...tradingKeys.account(login), 'statement', period.from, period.to] as const,
    queryFn: ({ queryKey }) => fetchStatement(login, period, loaderUnlessHeld(queryKey)),
    ...FRESH_PER_VISIT,
  });

/**
 * GET …/statement.csv, saved as a file. The call carries the bearer token, which a plain link
 * could not (the API reads no cookie), so the file is fetched and handed to the browser.
 */
export async function downloadStatementCsv(login: string, period: StatementPeriod): Promise<void> {
  const csv = await http(`/api/accounts/${encodeURIComponent(login)}/statement.csv`, { query: { ...period }, responseType: 'blob' });
  saveFile(csv, `traderoom-statement-${login}-${period.from}-${period.to}.csv`);
}
