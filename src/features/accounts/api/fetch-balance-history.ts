import { queryOptions } from '@tanstack/react-query';
import type { BalanceHistory, BalanceRange } from '../../../../contract/trading';
import { FRESH_PER_VISIT, loaderUnlessHeld } from '../../../data/query-client';
import { request, type RequestOptions } from '../../../lib/http';
import { accountKeys } from './fetch-accounts';

/** GET /api/trading-account/:id/balance-history?range= */
export function fetchBalanceHistory(accountId: number, range: BalanceRange, options: RequestOptions = {}): Promise<BalanceHistory> {
  return request<BalanceHistory>(`/api/trading-account/${accountId}/balance-history`, { ...options, query: { range } });
}

export const balanceHistoryQuery = (accountId: number, range: BalanceRange) =>
  queryOptions({
    queryKey: [...accountKeys.all, accountId, 'balance-history', range] as const,
    queryFn: ({ queryKey }) => fetchBalanceHistory(accountId, range, loaderUnlessHeld(queryKey)),
    ...FRESH_PER_VISIT,
  });
