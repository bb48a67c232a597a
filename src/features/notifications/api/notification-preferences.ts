import { queryOptions } from '@tanstack/react-query';
import type { NotificationEvent, NotificationPreference } from '../../../../contract/notifications';
import { request } from '../../../lib/http';
import { notificationKeys } from './fetch-notifications';

/** GET /api/settings/notifications: the switches per event. */
export function fetchNotificationPreferences(): Promise<NotificationPreference[]> {
  return request<NotificationPreference[]>('/api/settings/notifications', { loader: false });
}

export const notificationPreferencesQuery = () =>
  queryOptions({ queryKey: notificationKeys.preferences, queryFn: fetchNotificationPreferences, staleTime: 0, retry: false });

/** PUT /api/settings/notifications: one event's switches; answers every event's. */
export function saveNotificationPreference(change: { event: NotificationEvent; in_app: boolean; email: boolean }): Promise<NotificationPreference[]> {
  return request<NotificationPreference[]>('/api/settings/notifications', { method: 'PUT', body: { preferences: [change] }, loader: false });
}
