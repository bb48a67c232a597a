import type { LedgerEntry, LedgerKind, LedgerStatus, Paged } from '../../../../contract/trading';
import { request } from '../../../lib/http';

export interface HistoryFilters {
  account_id: string;
  kind: '' | LedgerKind;
  status: '' | LedgerStatus;
  from: string;
  to: string;
}

export const NO_FILTERS: HistoryFilters = { account_id: '', kind: '', status: '', from: '', to: '' };

/** The filters that are set, as query parameters. */
export function historyQuery(filters: HistoryFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}

/** GET /api/history */
export function fetchHistory(filters: HistoryFilters, page: number, perPage: number): Promise<Paged<LedgerEntry>> {
  return request<Paged<LedgerEntry>>('/api/history', { query: { ...historyQuery(filters), page, per_page: perPage } });
}
