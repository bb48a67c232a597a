import { useEffect } from 'react';
import { NOTIFICATION_CREATED_EVENT, type NotificationCreated } from '../../../contract/notifications';
import { queryClient } from '../../data/query-client';
import { realtime } from '../../lib/realtime';
import { notificationKeys } from './api/fetch-notifications';
import { showUnreadCount } from './api/fetch-unread-count';

/**
 * While the bell is shown: a notification published on the user's own channel sets the count
 * at once (over a count fetch still on its way, which would answer with the figure from before) and
 * reloads the list. Once the server confirms this socket gets the user's events (again)
 * both are fetched afresh: what was published before (while it signed in, or was away) never arrives.
 */
export function useNotificationsLive(): void {
  useEffect(
    () =>
      realtime.onUserEvent(
        NOTIFICATION_CREATED_EVENT,
        (data: NotificationCreated) => {
          void showUnreadCount(data.unread);
          void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
        },
        () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ),
    [],
  );
}
