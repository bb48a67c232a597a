import { queryOptions } from '@tanstack/react-query';
import type { NotificationFilter, NotificationPage } from '../../../../contract/notifications';
import { loaderUnlessHeld } from '../../../data/query-client';
import { request, type RequestOptions } from '../../../lib/http';
import { notificationKeys } from './fetch-notifications';

/** GET /api/notifications?page=&filter=: one page of the notifications page (all, or only the unread). */
export function fetchNotificationPage(filter: NotificationFilter, page: number, options: RequestOptions = {}): Promise<NotificationPage> {
  return request<NotificationPage>(`/api/notifications?page=${page}&filter=${filter}`, options);
}

/** Under the list's key: marking read and a live notification refresh it with the bell's list. */
export const notificationPageQuery = (filter: NotificationFilter, page: number) =>
  queryOptions({
    queryKey: [...notificationKeys.list, 'page', filter, page] as const,
    queryFn: ({ queryKey }) => fetchNotificationPage(filter, page, loaderUnlessHeld(queryKey)),
    staleTime: 0,
  });
