import type { QueryClient } from '@tanstack/react-query';
import { accountsQuery } from '../accounts/api/fetch-accounts';
import { historyPageQuery } from './api/fetch-history';
import { type HistorySearch, searchToFilters } from './history-search';

/** The History route's loader: the account filter's list and the page the URL asks for. */
export function preloadHistory(client: QueryClient, search: HistorySearch): Promise<unknown> {
  return Promise.all([client.ensureQueryData(accountsQuery()), client.ensureQueryData(historyPageQuery(searchToFilters(search), search.page ?? 1))]);
}
