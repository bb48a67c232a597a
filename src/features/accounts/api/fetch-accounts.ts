import { queryOptions } from '@tanstack/react-query';
import type { TradingAccount } from '../../../../contract/trading';
import { FRESH_PER_VISIT, loaderUnlessHeld } from '../../../data/query-client';
import { request, type RequestOptions } from '../../../lib/http';

/** GET /api/trading-account: the signed-in client's accounts. */
export function fetchAccounts(options: RequestOptions = {}): Promise<TradingAccount[]> {
  return request<TradingAccount[]>('/api/trading-account', options);
}

/** Every query holding accounts or their balances starts with this key. */
export const accountKeys = { all: ['accounts'] as const };

export const accountsQuery = () => queryOptions({ queryKey: accountKeys.all, queryFn: ({ queryKey }) => fetchAccounts(loaderUnlessHeld(queryKey)), ...FRESH_PER_VISIT });
