import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { intlLocale } from '../../../contract/locales';
import { TICKET_MESSAGE_MAX, type AdminTicket } from '../../../contract/tickets';
import type { TicketEventType } from '../../../machines/ticket/ticket.machine';
import { selectActions, ticketSnapshot } from '../../../machines/ticket/ticket.selectors';
import { queryClient, showLatest } from '../../data/query-client';
import { showErrorAlert } from '../../lib/error-alert';
import { usePageTitle } from '../../lib/page-title';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { Checkbox } from '../../ui/form/Checkbox';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { FactList } from '../../ui/FactList';
import { QueryState } from '../../ui/QueryState';
import { StatusBadge } from '../../ui/StatusBadge';
import {
  AttachmentsInput,
  CATEGORY_LABELS,
  formatDuration,
  STAFF_STATUS_LABELS,
  STAFF_STEP_LABELS,
  STATUS_TONES,
  TicketThread,
  TicketTimeline,
  useAttachmentCheck,
} from '../tickets';
import '../tickets/tickets.css';
import { adminTicketQuery, ticketStaffQuery } from './api/fetch-admin-ticket';
import { adminTicketKeys } from './api/fetch-ticket-queue';
import { assignTicket, changeTicketStatus, claimTicket, staffReply } from './api/ticket-actions';
import './admin-tickets.css';

const route = getRouteApi('/$lang/_auth/_admin/administration/tickets/$id');

/** Staff: one ticket with its notes, its handler, the status steps possible now, and the answer form. */
export function AdminTicketScreen() {
  const { t } = useLingui();
  const lang = useLang();
  const id = Number(route.useParams().id) || 0;
  const query = useQuery(adminTicketQuery(id), queryClient);
  usePageTitle(query.data ? `${query.data.number} · ${query.data.subject}` : t`Ticket`);
  return (
    <div className="admin-ticket">
      <p className="back-link">
        <Link to="/$lang/administration/tickets" params={{ lang }}>
          <Trans>← Ticket queue</Trans>
        </Link>
      </p>
      <QueryState
        query={query}
        notFound={{ statuses: [404], title: <Trans>Ticket not found</Trans>, heading: 'h2' }}
        error={<Trans>The ticket could not be loaded.</Trans>}
      >
        {(ticket) => <TicketWorkspace ticket={ticket} />}
      </QueryState>
    </div>
  );
}

function TicketWorkspace({ ticket }: { ticket: AdminTicket }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const locale = intlLocale(lang);
  const assignId = useId();
  const staff = useQuery(ticketStaffQuery(), queryClient);
  const [assignee, setAssignee] = useState(ticket.handler ? String(ticket.handler.id) : '');
  const show = (next: AdminTicket) => {
    void showLatest(adminTicketQuery(ticket.id).queryKey, next);
    setAssignee(next.handler ? String(next.handler.id) : '');
    void queryClient.invalidateQueries({ queryKey: [...adminTicketKeys.all, 'queue'] });
  };
  const action = useMutation(
    {
      mutationFn: (run: () => Promise<AdminTicket>) => run(),
      onSuccess: show,
      // A claim lost to a colleague, a step no longer possible: the server's own words, then the ticket as it is now.
      onError: (failure) => {
        void showErrorAlert(failure);
        void queryClient.invalidateQueries({ queryKey: adminTicketQuery(ticket.id).queryKey });
      },
    },
    queryClient,
  );
  const steps = selectActions(ticketSnapshot(ticket.status), 'staff', ticket, new Date().toISOString()).filter((step) => step !== 'staff.reply');
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <>
      <header className="page-header">
        <div>
          <p className="page-eyebrow">{ticket.number}</p>
          <h2 className="page-title">{ticket.subject}</h2>
        </div>
      </header>
      <div className="ticket-layout">
        <div className="ticket-main">
          <TicketThread ticketId={ticket.id} messages={ticket.messages} viewer="staff" />
          <StaffReplyForm ticket={ticket} canAnswer={selectActions(ticketSnapshot(ticket.status), 'staff', ticket, new Date().toISOString()).includes('staff.reply')} onDone={show} />
        </div>
        <aside className="ticket-side">
          <FactList
            className="card ticket-facts"
            facts={[
              { label: t`Status`, value: <StatusBadge tone={STATUS_TONES[ticket.status]}>{i18n._(STAFF_STATUS_LABELS[ticket.status])}</StatusBadge> },
              {
                label: t`Client`,
                value: (
                  <>
                    {ticket.client.name}
                    <span className="cell-sub">{ticket.client.email}</span>
                  </>
                ),
              },
              { label: t`Category`, value: i18n._(CATEGORY_LABELS[ticket.category]) },
              { label: t({ message: 'Opened', context: 'ticket' }), value: <time dateTime={ticket.created_at}>{date(ticket.created_at)}</time> },
              { label: t`Time to first response`, value: ticket.first_response_seconds === null ? t`No answer yet` : formatDuration(ticket.first_response_seconds, locale) },
              { label: t`Time to resolution`, value: ticket.resolution_seconds === null ? t`Not resolved yet` : formatDuration(ticket.resolution_seconds, locale) },
              ticket.rating
                ? { label: t`Client’s rating`, value: `${ticket.rating.score} / 5${ticket.rating.comment ? ` — ${ticket.rating.comment}` : ''}` }
                : null,
            ]}
          />

          <section className="card ticket-handling" aria-labelledby="handling-title">
            <h3 id="handling-title" className="section-title">
              <Trans>Handling</Trans>
            </h3>
            <p>{ticket.handler ? t`Handled by ${ticket.handler.name}` : t`Nobody handles this ticket yet.`}</p>
            {ticket.handler === null && ticket.status !== 'closed' ? (
              <button type="button" className="btn btn-primary" disabled={action.isPending} onClick={() => action.mutate(() => claimTicket(ticket.id))}>
                <Trans>Claim</Trans>
              </button>
            ) : null}
            {ticket.status !== 'closed' ? (
              <form
                className="ticket-assign"
                onSubmit={(event) => {
                  event.preventDefault();
                  action.mutate(() => assignTicket(ticket.id, assignee === '' ? null : Number(assignee)));
                }}
              >
                <label className="field-label" htmlFor={assignId}>
                  <Trans>Assign to</Trans>
                </label>
                <select id={assignId} className="select" value={assignee} onChange={(event) => setAssignee(event.target.value)}>
                  <option value="">{t`Nobody (back to the queue)`}</option>
                  {(staff.data ?? []).map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name}
                    </option>
                  ))}
                </select>
                <button type="submit" className="btn btn-secondary" disabled={action.isPending}>
                  <Trans>Assign</Trans>
                </button>
              </form>
            ) : null}
            {steps.length > 0 ? (
              <div className="ticket-steps" role="group" aria-label={t`Change the status`}>
                {steps.map((step: TicketEventType) => (
                  <button
                    key={step}
                    type="button"
                    className={step === 'staff.resolve' ? 'btn btn-primary' : 'btn btn-secondary'}
                    disabled={action.isPending}
                    onClick={() => action.mutate(() => changeTicketStatus(ticket.id, step))}
                  >
                    {i18n._(STAFF_STEP_LABELS[step]!)}
                  </button>
                ))}
              </div>
            ) : null}
          </section>

          <section className="card" aria-labelledby="timeline-title">
            <h3 id="timeline-title" className="section-title">
              <Trans>Timeline</Trans>
            </h3>
            <TicketTimeline steps={ticket.timeline} />
          </section>
        </aside>
      </div>
    </>
  );
}

/** An answer to the client, or (checked) an internal note only staff read; a note is possible at any status. */
function StaffReplyForm({ ticket, canAnswer, onDone }: { ticket: AdminTicket; canAnswer: boolean; onDone: (ticket: AdminTicket) => void }) {
  const { t } = useLingui();
  const check = useAttachmentCheck();
  const form = useForm(
    { message: '', internal: !canAnswer, files: [] as File[] },
    (data, progress) => staffReply(ticket.id, data, progress),
    (output) => {
      form.actor.send({ type: 'form.reset', data: { message: '', internal: false, files: [] } });
      onDone(output as AdminTicket);
    },
  );
  const internal = form.data.internal || !canAnswer;
  return (
    <form
      className={`card form-grid ticket-reply${internal ? ' ticket-reply-note' : ''}`}
      noValidate
      aria-labelledby="staff-reply-title"
      onSubmit={(event) => {
        event.preventDefault();
        const problem = check(form.data.files);
        if (problem) return form.actor.send({ type: 'form.setErrors', errors: { files: [problem] } });
        if (!canAnswer) form.set('internal', true);
        form.actor.send({ type: 'form.submit' });
      }}
    >
      <h3 id="staff-reply-title" className="section-title">
        {internal ? <Trans>Internal note</Trans> : <Trans>Answer the client</Trans>}
      </h3>
      <FormBanner message={form.message} />
      <TextAreaField
        label={internal ? t`Note for staff` : t`Answer`}
        hint={internal ? t`The client never sees internal notes.` : undefined}
        required
        rows={5}
        maxLength={TICKET_MESSAGE_MAX}
        {...form.field('message')}
      />
      <AttachmentsInput
        files={form.data.files}
        disabled={form.busy}
        error={form.errors.files?.[0]}
        onChange={(files) => {
          form.actor.send({ type: 'form.keydown', field: 'files' });
          form.set('files', files);
        }}
      />
      {canAnswer ? <Checkbox label={t`Internal note (the client never sees it)`} name="internal" checked={form.data.internal} onCheckedChange={(checked) => form.set('internal', checked)} /> : null}
      <div className="form-actions">
        <SubmitButton busy={form.busy} block={false}>
          {internal ? <Trans>Add note</Trans> : <Trans>Send answer</Trans>}
        </SubmitButton>
      </div>
    </form>
  );
}
