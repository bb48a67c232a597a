import { queryOptions } from '@tanstack/react-query';
import { queryClient } from '../../../data/query-client';
import { request } from '../../../lib/http';
import { notificationKeys } from './fetch-notifications';

/** GET /api/notifications/unread-count: the bell's figure. */
export async function fetchUnreadCount(): Promise<number> {
  return (await request<{ unread: number }>('/api/notifications/unread-count', { loader: false })).unread;
}

export const unreadCountQuery = () => queryOptions({ queryKey: notificationKeys.unread, queryFn: fetchUnreadCount, staleTime: 30_000, retry: false });

/**
 * Shows a count the server has just told (a notification's event, the answer to marking read). A
 * count asked for earlier may still be on its way and would answer with the figure from before:
 * it is cancelled first, so the newer count stays.
 */
export function showUnreadCount(unread: number): Promise<void> {
  return queryClient.cancelQueries({ queryKey: notificationKeys.unread, exact: true }).then(() => {
    queryClient.setQueryData(notificationKeys.unread, unread);
  });
}
