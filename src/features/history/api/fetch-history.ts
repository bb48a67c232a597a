import { queryOptions } from '@tanstack/react-query';
import type { LedgerEntry, LedgerKind, LedgerStatus, Paged } from '../../../../contract/trading';
import { FRESH_PER_VISIT } from '../../../data/query-client';
import { request } from '../../../lib/http';

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

/** GET /api/history */
export function fetchHistory(filters: HistoryFilters, page: number, perPage: number): Promise<Paged<LedgerEntry>> {
  return request<Paged<LedgerEntry>>('/api/history', { query: { ...historyQuery(filters), page, per_page: perPage } });
}

export const historyKeys = { all: ['history'] as const };

export const historyPageQuery = (filters: HistoryFilters, page: number) =>
  queryOptions({
    queryKey: [...historyKeys.all, historyQuery(filters), page] as const,
    queryFn: () => fetchHistory(filters, page, HISTORY_PER_PAGE),
    ...FRESH_PER_VISIT,
  });
