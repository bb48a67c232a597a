import { queryOptions } from '@tanstack/react-query';
import type { TradingStats } from '../../../../contract/platform';
import { FRESH_PER_VISIT, loaderUnlessHeld } from '../../../data/query-client';
import { request, type RequestOptions } from '../../../lib/http';

/** GET /api/analytics/trading?account_id=: the results of the account's closed positions. */
export function fetchTradingStats(accountId: number, options: RequestOptions = {}): Promise<TradingStats> {
  return request<TradingStats>('/api/analytics/trading', { ...options, query: { account_id: accountId } });
}

export const tradingStatsKeys = { all: ['analytics', 'trading'] as const };

export const tradingStatsQuery = (accountId: number) =>
  queryOptions({ queryKey: [...tradingStatsKeys.all, accountId] as const, queryFn: ({ queryKey }) => fetchTradingStats(accountId, loaderUnlessHeld(queryKey)), ...FRESH_PER_VISIT });
