import { infiniteQueryOptions } from '@tanstack/react-query';
import type { NotificationPage } from '../../../../contract/notifications';
import { request } from '../../../lib/http';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  preferences: ['settings', 'notifications'] as const,
};

/** GET /api/notifications?page=: the user's notifications, newest first, with the unread count. */
export function fetchNotifications(page: number): Promise<NotificationPage> {
  return request<NotificationPage>(`/api/notifications?page=${page}`, { loader: false });
}

/** The panel's list: page after page as the user asks for older ones. */
export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) => fetchNotifications(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    staleTime: 0,
    retry: false,
  });
