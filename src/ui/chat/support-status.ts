import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SUPPORT_CHANNEL, SUPPORT_STATUS_EVENT, type SupportStatus } from '../../../contract/support';
import { queryClient, showLatest } from '../../data/query-client';
import { request } from '../../lib/http';
import { realtime } from '../../lib/realtime';

/** setTimeout's ceiling (about 24.8 days); the hours change within a week anyway. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** GET /api/support/status: whether support is online, its office hours and away message. */
export const supportStatusQuery = queryOptions({
  queryKey: ['support', 'status'] as const,
  queryFn: () => request<SupportStatus>('/api/support/status', { loader: false }),
  staleTime: 60_000,
  retry: false,
});

/**
 * The status, loaded once; `live` keeps it current from the public `support` channel (signed-in
 * screens only), and loads it again at every subscription: an agent who came or went while the
 * socket was away is not announced again.
 */
export function useSupportStatus({ live }: { live: boolean }): SupportStatus | undefined {
  const query = useQuery(supportStatusQuery, queryClient);
  useEffect(() => {
    if (!live) return;
    return realtime.subscribe(SUPPORT_CHANNEL, {
      events: { [SUPPORT_STATUS_EVENT]: (status: SupportStatus) => void showLatest(supportStatusQuery.queryKey, status) },
      catchUp: () => void queryClient.invalidateQueries({ queryKey: supportStatusQuery.queryKey }),
    });
  }, [live]);
  // Office hours begin and end without any event: ask again when the server said they would.
  const changesAt = query.data?.opens_at ?? query.data?.closes_at ?? null;
  useEffect(() => {
    if (!live || changesAt === null) return;
    const wait = Math.max(1_000, Date.parse(changesAt) - Date.now() + 1_000);
    if (wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: supportStatusQuery.queryKey }), wait);
    return () => clearTimeout(timer);
  }, [live, changesAt]);
  return query.data;
}
