import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { TicketSummary } from '../../../contract/tickets';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { InboxIcon } from '../../ui/icons/InboxIcon';
import { PlusIcon } from '../../ui/icons/PlusIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { StatusBadge } from '../../ui/StatusBadge';
import { ticketKeys, ticketsQuery } from './api/fetch-tickets';
import { NewTicketForm } from './NewTicketForm';
import { CATEGORY_LABELS, STATUS_LABELS, STATUS_TONES } from './ticket-labels';
import './tickets.css';

/** Support tickets: the client's list, and the form to open one. */
export function TicketsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Support tickets`);
  const lang = useLang();
  const navigate = useNavigate();
  const tickets = useQuery(ticketsQuery(), queryClient);
  const [composing, setComposing] = useState(false);

  return (
    <>
      <PageHeader
        title={t`Support tickets`}
        lead={t`Write to support about your account, money or trading; we answer here and by e-mail.`}
        actions={
          composing ? null : (
            <button type="button" className="btn btn-primary" onClick={() => setComposing(true)}>
              <PlusIcon size={18} />
              <Trans>New ticket</Trans>
            </button>
          )
        }
      />
      {composing ? (
        <NewTicketForm
          onCancel={() => setComposing(false)}
          onCreated={(ticket) => {
            void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
            void navigate({ to: '/$lang/tickets/$id', params: { lang, id: String(ticket.id) } });
          }}
        />
      ) : null}
      <section aria-labelledby="tickets-title" className="tickets-section">
        <h2 id="tickets-title" className="section-title">
          <Trans>Your tickets</Trans>
        </h2>
        {tickets.isPending ? (
          <LoadingState />
        ) : tickets.isError ? (
          <LoadError onRetry={() => void tickets.refetch()}>
            <Trans>Your tickets could not be loaded.</Trans>
          </LoadError>
        ) : tickets.data.length === 0 ? (
          <EmptyState icon={<InboxIcon />} title={t`No tickets yet`}>
            <p>
              <Trans>When something needs our attention, open a ticket: you will see every answer here.</Trans>
            </p>
          </EmptyState>
        ) : (
          <ul className="card ticket-list">
            {tickets.data.map((ticket) => (
              <TicketRow key={ticket.id} ticket={ticket} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function TicketRow({ ticket }: { ticket: TicketSummary }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  return (
    <li className="ticket-row">
      <div className="ticket-row-main">
        <Link to="/$lang/tickets/$id" params={{ lang, id: String(ticket.id) }} className="ticket-row-link">
          <span className="ticket-number">{ticket.number}</span> {ticket.subject}
        </Link>
        <span className="ticket-row-meta">
          {i18n._(CATEGORY_LABELS[ticket.category])} ·{' '}
          {ticket.handler ? t`Handled by ${ticket.handler.name}` : t`Waiting for a handler`} ·{' '}
          <time dateTime={ticket.updated_at}>{i18n.date(new Date(ticket.updated_at), { dateStyle: 'medium', timeStyle: 'short' })}</time>
        </span>
      </div>
      <StatusBadge tone={STATUS_TONES[ticket.status]}>{i18n._(STATUS_LABELS[ticket.status])}</StatusBadge>
    </li>
  );
}
