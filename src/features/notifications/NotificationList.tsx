import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { Notification } from '../../../contract/notifications';
import { queryClient } from '../../data/query-client';
import { useLang } from '../../lib/use-lang';
import { notificationKeys } from './api/fetch-notifications';
import { showUnreadCount } from './api/fetch-unread-count';
import { markAllRead, markRead } from './api/mark-read';
import { useNotificationWords } from './notification-text';

const afterMarking = {
  onSuccess: async (unread: number) => {
    await showUnreadCount(unread);
    return queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  },
};

/** Marking one or all read; the bell's count and every list follow the server's answer. */
export function useNotificationMarking() {
  const readOne = useMutation({ mutationFn: markRead, ...afterMarking }, queryClient);
  const readAll = useMutation({ mutationFn: markAllRead, ...afterMarking }, queryClient);
  return { readOne, readAll };
}

/**
 * Notifications as the bell's panel and the notifications page show them: each leads to its object
 * (marking it read on the way), an unread one says so to a screen reader and can be marked read alone.
 */
export function NotificationList({ items, busy, beforeOpen }: { items: Notification[]; busy?: boolean; beforeOpen?: () => void }) {
  const { t } = useLingui();
  const lang = useLang();
  const router = useRouter();
  const { text, when } = useNotificationWords();
  const { readOne } = useNotificationMarking();

  const open = (n: Notification, href: string) => {
    if (n.read_at === null) readOne.mutate(n.id);
    beforeOpen?.();
    void router.navigate({ href });
  };

  return (
    <ul className="notification-list" aria-busy={busy}>
      {items.map((n) => {
        const words = text(n);
        const href = `/${lang}${n.link ?? '/home'}`;
        const isUnread = n.read_at === null;
        return (
          <li key={n.id} className={isUnread ? 'notification-item unread' : 'notification-item'}>
            <a
              href={href}
              className="notification-link"
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                open(n, href);
              }}
            >
              {isUnread ? <span className="visually-hidden">{t`Unread:`} </span> : null}
              <span className="notification-title">{words.title}</span>
              {words.detail ? <span className="notification-detail">{words.detail}</span> : null}
              <time className="notification-time" dateTime={n.created_at}>
                {when(n.created_at)}
              </time>
            </a>
            {isUnread ? (
              <button type="button" className="notification-action notification-mark" onClick={() => readOne.mutate(n.id)}>
                {t`Mark as read`}
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
