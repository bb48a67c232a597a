import { queryOptions } from '@tanstack/react-query';
import type { Timeline } from '../../../../contract/lifecycle';
import { request } from '../../../lib/http';
import { historyKeys } from './fetch-history';

/** GET /api/wallet/requests/{id}/timeline: one of the client's deposits or withdrawals, step by step. */
export function fetchRequestTimeline(id: number): Promise<Timeline> {
  // The timeline shows its own placeholder where it opens; the page around it stays.
  return request<Timeline>(`/api/wallet/requests/${id}/timeline`, { loader: false });
}

/** Under the history's key, so a wallet move that invalidates the history refreshes an open timeline too. */
export const requestTimelineQuery = (id: number) =>
  queryOptions({
    queryKey: [...historyKeys.all, 'timeline', id] as const,
    queryFn: () => fetchRequestTimeline(id),
  });
