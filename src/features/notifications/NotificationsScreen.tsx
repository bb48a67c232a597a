import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { NotificationFilter } from '../../../contract/notifications';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';
import { BellIcon } from '../../ui/icons/BellIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { Pager } from '../../ui/Pager';
import { notificationPageQuery } from './api/fetch-notification-page';
import { NotificationList, useNotificationMarking } from './NotificationList';
import './notifications.css';

const route = getRouteApi('/$lang/_auth/notifications');

/** `/{lang}/notifications`: every notification, newest first, a page at a time; all or only the unread; each leads to its object. */
export function NotificationsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Notifications`);
  const { filter = 'all', page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const show = (next: { filter?: NotificationFilter; page?: number }) =>
    void navigate({ search: (s) => ({ ...s, ...next, filter: (next.filter ?? s.filter) === 'unread' ? 'unread' : undefined, page: next.page === 1 ? undefined : next.page }) });
  const list = useQuery({ ...notificationPageQuery(filter, page), placeholderData: keepPreviousData }, queryClient);
  const { readAll } = useNotificationMarking();
  const meta = list.data?.meta;
  const unread = meta?.unread ?? 0;

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
          <NotificationList items={list.data.data} busy={list.isPlaceholderData} />
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
