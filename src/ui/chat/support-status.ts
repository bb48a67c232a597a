import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SUPPORT_CHANNEL, SUPPORT_STATUS_EVENT, type SupportStatus } from '../../../contract/support';
import { queryClient } from '../../data/query-client';
import { request } from '../../lib/http';
import { realtime } from '../../lib/realtime';

/** GET /api/support/status: whether support is online, its office hours and away message. */
export const supportStatusQuery = queryOptions({
  queryKey: ['support', 'status'] as const,
  queryFn: () => request<SupportStatus>('/api/support/status', { loader: false }),
  staleTime: 60_000,
  retry: false,
});

/** The status, loaded once; `live` keeps it current from the public `support` channel (signed-in screens only). */
export function useSupportStatus({ live }: { live: boolean }): SupportStatus | undefined {
  const query = useQuery(supportStatusQuery, queryClient);
  useEffect(() => {
    if (!live) return;
    return realtime.subscribe(SUPPORT_CHANNEL, {
      events: { [SUPPORT_STATUS_EVENT]: (status: SupportStatus) => queryClient.setQueryData(supportStatusQuery.queryKey, status) },
    });
  }, [live]);
  return query.data;
}
