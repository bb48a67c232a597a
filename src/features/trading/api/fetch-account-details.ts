import { queryOptions } from '@tanstack/react-query';
import type { AccountDetails } from '../../../../contract/platform';
import { FRESH_PER_VISIT, loaderUnlessHeld } from '../../../data/query-client';
import { request, type RequestOptions } from '../../../lib/http';

/** GET /api/accounts/{login}: the account, its live state and open positions (404: not the caller's). */
export function fetchAccountDetails(login: string, options: RequestOptions = {}): Promise<AccountDetails> {
  return request<AccountDetails>(`/api/accounts/${encodeURIComponent(login)}`, options);
}

/** Every query of one account's page starts with this key. */
export const tradingKeys = {
  all: ['trading-account'] as const,
  account: (login: string) => [...tradingKeys.all, login] as const,
};

export const accountDetailsQuery = (login: string) =>
  queryOptions({ queryKey: [...tradingKeys.account(login), 'details'] as const, queryFn: ({ queryKey }) => fetchAccountDetails(login, loaderUnlessHeld(queryKey)), ...FRESH_PER_VISIT });
