import { queryOptions } from '@tanstack/react-query';
import type { LedgerStatus, Paged, WalletRequest } from '../../../../contract/trading';
import { FRESH_PER_VISIT } from '../../../data/query-client';
import { request } from '../../../lib/http';

/** GET /api/admin/wallet-requests?status= */
export function fetchWalletRequests(status: LedgerStatus, page: number): Promise<Paged<WalletRequest>> {
  return request<Paged<WalletRequest>>('/api/admin/wallet-requests', { query: { status, page } });
}

export const walletRequestsKeys = { all: ['admin', 'wallet-requests'] as const };

export const walletRequestsQuery = (status: LedgerStatus, page: number) =>
  queryOptions({
    queryKey: [...walletRequestsKeys.all, status, page] as const,
    queryFn: () => fetchWalletRequests(status, page),
    ...FRESH_PER_VISIT,
  });

/** Staff requests' search params (validated by the route): the status tab and the page. */
export interface WalletRequestsSearch {
  status?: LedgerStatus;
  page?: number;
}
