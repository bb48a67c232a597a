import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId } from 'react';
import { intlLocale } from '../../../contract/locales';
import { TICKET_AGES, TICKET_CATEGORIES, TICKET_STATUSES, type AdminTicketSummary } from '../../../contract/tickets';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { InboxIcon } from '../../ui/icons/InboxIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState } from '../../ui/PageHeader';
import { StatusBadge } from '../../ui/StatusBadge';
import { AGE_LABELS, CATEGORY_LABELS, formatDuration, STAFF_STATUS_LABELS, STATUS_TONES } from '../tickets';
import { ticketStaffQuery } from './api/fetch-admin-ticket';
import { ticketQueueQuery, type TicketQueueSearch } from './api/fetch-ticket-queue';
import './admin-tickets.css';

const route = getRouteApi('/$lang/_auth/_admin/administration/tickets/');

/** Staff: the ticket queue, waiting tickets first and oldest first, with its filters in the address. */
export function AdminTicketsScreen() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Tickets`);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queue = useQuery({ ...ticketQueueQuery(search), placeholderData: keepPreviousData }, queryClient);
  const staff = useQuery(ticketStaffQuery(), queryClient);
  const id = useId();
  const filter = <K extends keyof TicketQueueSearch>(key: K, value: string) =>
    void navigate({ search: (s) => ({ ...s, [key]: value === '' ? undefined : key === 'assignee' && /^\d+$/.test(value) ? Number(value) : value }) });

  return (
    <section className="card" aria-labelledby="tickets-queue-title">
      <div className="chart-toolbar ticket-queue-toolbar">
        <h2 id="tickets-queue-title" className="admin-card-title">
          <Trans>Ticket queue</Trans>
        </h2>
        <p className="field-hint" aria-live="polite">
          {queue.data ? <Plural value={queue.data.length} one="# ticket shown" other="# tickets shown" /> : null}
        </p>
      </div>
      <div className="ticket-filters" role="group" aria-label={t`Filters`}>
        <label className="field-label" htmlFor={`${id}-status`}>
          <Trans>Status</Trans>
        </label>
        <select id={`${id}-status`} className="select" value={search.status ?? ''} onChange={(e) => filter('status', e.target.value)}>
          <option value="">{t`Any status`}</option>
          {TICKET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {i18n._(STAFF_STATUS_LABELS[status])}
            </option>
          ))}
        </select>
        <label className="field-label" htmlFor={`${id}-category`}>
          <Trans>Category</Trans>
        </label>
        <select id={`${id}-category`} className="select" value={search.category ?? ''} onChange={(e) => filter('category', e.target.value)}>
          <option value="">{t`Any category`}</option>
          {TICKET_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {i18n._(CATEGORY_LABELS[category])}
            </option>
          ))}
        </select>
        <label className="field-label" htmlFor={`${id}-assignee`}>
          <Trans>Assignee</Trans>
        </label>
        <select id={`${id}-assignee`} className="select" value={String(search.assignee ?? '')} onChange={(e) => filter('assignee', e.target.value)}>
          <option value="">{t`Anyone`}</option>
          <option value="me">{t`Me`}</option>
          <option value="none">{t`Unassigned`}</option>
          {(staff.data ?? []).map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
        <label className="field-label" htmlFor={`${id}-age`}>
          <Trans>Age</Trans>
        </label>
        <select id={`${id}-age`} className="select" value={search.age ?? ''} onChange={(e) => filter('age', e.target.value)}>
          <option value="">{t`Any age`}</option>
          {TICKET_AGES.map((age) => (
            <option key={age} value={age}>
              {i18n._(AGE_LABELS[age])}
            </option>
          ))}
        </select>
      </div>
      {queue.isPending ? (
        <LoadingState />
      ) : queue.isError ? (
        <LoadError onRetry={() => void queue.refetch()} className="card-error">
          <Trans>The queue could not be loaded.</Trans>
        </LoadError>
      ) : queue.data.length === 0 ? (
        <EmptyState icon={<InboxIcon />} title={t`No tickets here`}>
          <p>
            <Trans>Tickets that clients open, and their service requests, appear here.</Trans>
          </p>
        </EmptyState>
      ) : (
        <QueueTable rows={queue.data} />
      )}
    </section>
  );
}

function QueueTable({ rows }: { rows: AdminTicketSummary[] }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const locale = intlLocale(lang);
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="table-wrap">
      <table className="data-table tickets-table">
        <thead>
          <tr>
            <th scope="col">{t`Ticket`}</th>
            <th scope="col">{t`Client`}</th>
            <th scope="col">{t`Status`}</th>
            <th scope="col">{t`Handler`}</th>
            <th scope="col">{t({ message: 'Opened', context: 'ticket' })}</th>
            <th scope="col">{t`First response`}</th>
            <th scope="col">{t`Resolution`}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <Link to="/$lang/administration/tickets/$id" params={{ lang, id: String(row.id) }} className="ticket-row-link">
                  <span className="ticket-number">{row.number}</span> {row.subject}
                </Link>
                <span className="cell-sub">{i18n._(CATEGORY_LABELS[row.category])}</span>
              </td>
              <td>
                {row.client.name}
                <span className="cell-sub">{row.client.email}</span>
              </td>
              <td>
                <StatusBadge tone={STATUS_TONES[row.status]}>{i18n._(STAFF_STATUS_LABELS[row.status])}</StatusBadge>
              </td>
              <td>{row.handler?.name ?? t`Unassigned`}</td>
              <td>
                <time dateTime={row.created_at}>{date(row.created_at)}</time>
              </td>
              <td>{row.first_response_seconds === null ? '—' : formatDuration(row.first_response_seconds, locale)}</td>
              <td>{row.resolution_seconds === null ? '—' : formatDuration(row.resolution_seconds, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
