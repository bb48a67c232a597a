import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import type { Notification, NotificationFilter } from '../../../contract/notifications';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';
import { BellIcon } from '../../ui/icons';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { Pager } from '../../ui/Pager';
import { notificationKeys } from './api/fetch-notifications';
import { notificationPageQuery } from './api/fetch-notification-page';
import { markAllRead, markRead } from './api/mark-read';
import { useNotificationWords } from './notification-text';
import './notifications.css';

const route = getRouteApi('/$lang/_auth/notifications');

const afterMarking = {
  onSuccess: (unread: number) => {
    queryClient.setQueryData(notificationKeys.unread, unread);
    return queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  },
};

/** `/{lang}/notifications`: every notification, newest first, a page at a time; all or only the unread; each leads to its object. */
export function NotificationsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Notifications`);
  const lang = useLang();
  const router = useRouter();
  const { filter = 'all', page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const show = (next: { filter?: NotificationFilter; page?: number }) =>
    void navigate({ search: (s) => ({ ...s, ...next, filter: (next.filter ?? s.filter) === 'unread' ? 'unread' : undefined, page: next.page === 1 ? undefined : next.page }) });
  const list = useQuery({ ...notificationPageQuery(filter, page), placeholderData: keepPreviousData }, queryClient);
  const readOne = useMutation({ mutationFn: markRead, ...afterMarking }, queryClient);
  const readAll = useMutation({ mutationFn: markAllRead, ...afterMarking }, queryClient);
  const { text, when } = useNotificationWords();
  const meta = list.data?.meta;
  const unread = meta?.unread ?? 0;

  const open = (n: Notification, href: string) => {
    if (n.read_at === null) readOne.mutate(n.id);
    void router.navigate({ href });
  };

  return (
    <>
      <PageHeader
        title={t`Notifications`}
        lead={t`What happened to your money, documents, tickets and account.`}
        actions={
          <button type="button" className="btn btn-secondary" disabled={unread === 0 || readAll.isPending} onClick={() => readAll.mutate()}>
            <Trans>Mark all as read</Trans>
          </button>
        }
      />
      <section className="card notifications-page" aria-labelledby="notifications-list-title">
        <div className="notifications-toolbar">
          <h2 id="notifications-list-title" className="section-title">
            {filter === 'unread' ? <Trans>Unread</Trans> : <Trans>All notifications</Trans>}
          </h2>
          <SegmentedControl
            label={t`Show`}
            options={[
              { value: 'all', label: t`All` },
              { value: 'unread', label: unread > 0 ? t`Unread (${unread})` : t`Unread` },
            ]}
            value={filter}
            onChange={(value) => show({ filter: value as NotificationFilter, page: 1 })}
          />
        </div>
        {list.isError ? (
          <LoadError onRetry={() => void list.refetch()} retrying={list.isFetching}>
            <Trans>Notifications could not be loaded.</Trans>
          </LoadError>
        ) : list.isPending ? (
          <LoadingState />
        ) : list.data.data.length === 0 ? (
          <EmptyState icon={<BellIcon />} title={filter === 'unread' ? t`Nothing unread` : t`No notifications yet.`}>
            <p>
              <Trans>Decisions on your requests and documents, answers to your tickets and security notices appear here.</Trans>
            </p>
          </EmptyState>
        ) : (
          <ul className="notification-list" aria-busy={list.isPlaceholderData}>
            {list.data.data.map((n) => {
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
        {meta && meta.last_page > 1 ? (
          <div className="table-footer">
            <span />
            <Pager page={meta.current_page} lastPage={meta.last_page} onPage={(next) => show({ page: next })} />
          </div>
        ) : null}
      </section>
    </>
  );
}
