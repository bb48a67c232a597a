import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { queryClient } from '../../data/query-client';
import { useLang } from '../../lib/use-lang';
import { notificationsQuery } from './api/fetch-notifications';
import { NotificationList, useNotificationMarking } from './NotificationList';

/** The bell's list: newest first, each leading to its object; one or all marked read. */
export function NotificationPanel({ id, unread, onClose }: { id: string; unread: number; onClose: () => void }) {
  const { t } = useLingui();
  const lang = useLang();
  const router = useRouter();
  const list = useInfiniteQuery(notificationsQuery(), queryClient);
  const { readAll } = useNotificationMarking();
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];

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
        <NotificationList items={items} beforeOpen={onClose} />
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
