import { queryOptions } from '@tanstack/react-query';
import { showLatest } from '../../../data/query-client';
import { request } from '../../../lib/http';
import { notificationKeys } from './fetch-notifications';

/** GET /api/notifications/unread-count: the bell's figure. */
export async function fetchUnreadCount(): Promise<number> {
  return (await request<{ unread: number }>('/api/notifications/unread-count', { loader: false })).unread;
}

export const unreadCountQuery = () => queryOptions({ queryKey: notificationKeys.unread, queryFn: fetchUnreadCount, staleTime: 30_000, retry: false });

/**
 * Shows a count the server has just told (a notification's event, the answer to marking read),
 * over any count fetch still on its way (`showLatest`).
 */
export function showUnreadCount(unread: number): Promise<void> {
  return showLatest(notificationKeys.unread, unread);
}
