import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { Notification } from '../../../contract/notifications';
import { queryClient } from '../../data/query-client';
import { useLang } from '../../lib/use-lang';
import { notificationKeys, notificationsQuery } from './api/fetch-notifications';
import { markAllRead, markRead } from './api/mark-read';
import { useNotificationWords } from './notification-text';

const afterMarking = {
  onSuccess: (unread: number) => {
    queryClient.setQueryData(notificationKeys.unread, unread);
    return queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  },
};

/** The bell's list: newest first, each leading to its object; one or all marked read. */
export function NotificationPanel({ id, unread, onClose }: { id: string; unread: number; onClose: () => void }) {
  const { t } = useLingui();
  const lang = useLang();
  const router = useRouter();
  const { text, when } = useNotificationWords();
  const list = useInfiniteQuery(notificationsQuery(), queryClient);
  const readOne = useMutation({ mutationFn: markRead, ...afterMarking }, queryClient);
  const readAll = useMutation({ mutationFn: markAllRead, ...afterMarking }, queryClient);
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];

  const open = (n: Notification, href: string) => {
    if (n.read_at === null) readOne.mutate(n.id);
    onClose();
    void router.navigate({ href });
  };

  return (
    <section id={id} className="notification-panel" aria-label={t`Notifications`}>
      <header className="notification-panel-header">
        <h2 className="notification-panel-title">{t`Notifications`}</h2>
        <button type="button" className="btn btn-ghost notification-small" disabled={unread === 0 || readAll.isPending} onClick={() => readAll.mutate()}>
          {t`Mark all as read`}
        </button>
      </header>
      {list.isError ? (
        <p className="notification-panel-note" role="alert">
          {t`Notifications could not be loaded.`}{' '}
          <button type="button" className="notification-action" onClick={() => void list.refetch()}>
            {t`Try again`}
          </button>
        </p>
      ) : list.isPending ? (
        <p className="notification-panel-note">{t`Loading…`}</p>
      ) : items.length === 0 ? (
        <p className="notification-panel-note">{t`No notifications yet.`}</p>
      ) : (
        <ul className="notification-list">
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
      )}
      {list.hasNextPage ? (
        <button type="button" className="btn btn-ghost notification-small notification-more" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t`Show older`}
        </button>
      ) : null}
      <footer className="notification-panel-footer">
        <a
          href={`/${lang}/notifications`}
          className="notification-action"
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onClose();
            void router.navigate({ href: `/${lang}/notifications` });
          }}
        >
          {t`See all notifications`}
        </a>
      </footer>
    </section>
  );
}
