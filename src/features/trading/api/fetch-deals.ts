import { queryOptions } from '@tanstack/react-query';
import type { Deal } from '../../../../contract/platform';
import type { Paged } from '../../../../contract/trading';
import { FRESH_PER_VISIT, loaderUnlessHeld } from '../../../data/query-client';
import { request, type RequestOptions } from '../../../lib/http';
import { tradingKeys } from './fetch-account-details';

export const DEALS_PER_PAGE = 20;

/** GET /api/accounts/{login}/deals?page=&per_page=: newest first. */
export function fetchDeals(login: string, page: number, options: RequestOptions = {}): Promise<Paged<Deal>> {
  return request<Paged<Deal>>(`/api/accounts/${encodeURIComponent(login)}/deals`, { ...options, query: { page, per_page: DEALS_PER_PAGE } });
}

export const dealsQuery = (login: string, page: number) =>
  queryOptions({ queryKey: [...tradingKeys.account(login), 'deals', page] as const, queryFn: ({ queryKey }) => fetchDeals(login, page, loaderUnlessHeld(queryKey)), ...FRESH_PER_VISIT });
