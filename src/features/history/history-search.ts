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
  /** A page token from the answer's `cursors`: wins over `page`. */
  cursor?: string;
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

/** Where the page starts: the token of a neighbour's answer, else a page number (page 1 by default). */
export type HistoryPosition = { cursor: string } | { page: number };

export function searchToPosition(search: HistorySearch): HistoryPosition {
  return search.cursor ? { cursor: search.cursor } : { page: search.page ?? 1 };
}
