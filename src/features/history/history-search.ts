import type { LedgerKind, LedgerStatus } from '../../../contract/trading';
import type { HistoryFilters } from './api/fetch-history';

/** History's search params (validated by its route): the filters and the page. */
export interface HistorySearch {
  account?: number;
  type?: LedgerKind;
  status?: LedgerStatus;
  from?: string;
  to?: string;
  page?: number;
}

export function searchToFilters(search: HistorySearch): HistoryFilters {
  return {
    account_id: search.account ? String(search.account) : '',
    kind: search.type ?? '',
    status: search.status ?? '',
    from: search.from ?? '',
    to: search.to ?? '',
  };
}
