import { useEffect } from 'react';
import { NOTIFICATION_CREATED_EVENT, type NotificationCreated } from '../../../contract/notifications';
import { queryClient } from '../../data/query-client';
import { realtime } from '../../lib/realtime';
import { notificationKeys } from './api/fetch-notifications';

/**
 * While the bell is shown: a notification published on the user's own channel sets the count
 * at once and reloads the list; a (re)connected socket fetches both afresh, since what was
 * published while it was away never arrives.
 */
export function useNotificationsLive(): void {
  useEffect(
    () =>
      realtime.onUserEvent(
        NOTIFICATION_CREATED_EVENT,
        (data: NotificationCreated) => {
          queryClient.setQueryData(notificationKeys.unread, data.unread);
          void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
        },
        { connected: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }) },
      ),
    [],
  );
}
