import { queryOptions } from '@tanstack/react-query';
import type { HistoryPage, LedgerKind, LedgerStatus } from '../../../../contract/trading';
import { FRESH_PER_VISIT, loaderUnlessHeld } from '../../../data/query-client';
import { request, type RequestOptions } from '../../../lib/http';
import type { HistoryPosition } from '../history-search';

export interface HistoryFilters {
  account_id: string;
  kind: '' | LedgerKind;
  status: '' | LedgerStatus;
  from: string;
  to: string;
}

export const NO_FILTERS: HistoryFilters = { account_id: '', kind: '', status: '', from: '', to: '' };

export const HISTORY_PER_PAGE = 50;

/** The filters that are set, as query parameters. */
export function historyQuery(filters: HistoryFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}

/** GET /api/history: a page by its token (keyset, next/previous) or by its number. */
export function fetchHistory(filters: HistoryFilters, at: HistoryPosition, perPage: number, options: RequestOptions = {}): Promise<HistoryPage> {
  return request<HistoryPage>('/api/history', { ...options, query: { ...historyQuery(filters), ...at, per_page: perPage } });
}

export const historyKeys = { all: ['history'] as const };

export const historyPageQuery = (filters: HistoryFilters, at: HistoryPosition) =>
  queryOptions({
    queryKey: [...historyKeys.all, historyQuery(filters), at] as const,
    queryFn: ({ queryKey }) => fetchHistory(filters, at, HISTORY_PER_PAGE, loaderUnlessHeld(queryKey)),
    ...FRESH_PER_VISIT,
  });
