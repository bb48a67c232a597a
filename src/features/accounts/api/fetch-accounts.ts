import { queryOptions } from '@tanstack/react-query';
import type { TradingAccount } from '../../../../contract/trading';
import { FRESH_PER_VISIT } from '../../../data/query-client';
import { request } from '../../../lib/http';

/** GET /api/trading-account: the signed-in client's accounts. */
export function fetchAccounts(): Promise<TradingAccount[]> {
  return request<TradingAccount[]>('/api/trading-account');
}

/** Every query holding accounts or their balances starts with this key. */
export const accountKeys = { all: ['accounts'] as const };

export const accountsQuery = () => queryOptions({ queryKey: accountKeys.all, queryFn: fetchAccounts, ...FRESH_PER_VISIT });
