import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { TICKET_MESSAGE_MAX, TICKET_RATING_COMMENT_MAX, type Ticket } from '../../../contract/tickets';
import { selectActions, ticketSnapshot } from '../../../machines/ticket/ticket.selectors';
import { queryClient, showLatest } from '../../data/query-client';
import { DEFAULT_FORM_ERROR } from '../../../machines/form/form-errors';
import { errorBody, messageOf } from '../../lib/http';
import { usePageTitle } from '../../lib/page-title';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { FactList } from '../../ui/FactList';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { StatusBadge } from '../../ui/StatusBadge';
import { ticketQuery } from './api/fetch-ticket';
import { ticketKeys } from './api/fetch-tickets';
import { replyToTicket } from './api/reply-ticket';
import { rateTicket, reopenTicket } from './api/ticket-steps';
import { AttachmentsInput, useAttachmentCheck } from './AttachmentsInput';
import { CATEGORY_LABELS, STATUS_LABELS, STATUS_TONES } from './ticket-labels';
import { TicketThread } from './TicketThread';
import { TicketTimeline } from './TicketTimeline';
import './tickets.css';

const route = getRouteApi('/$lang/_auth/tickets/$id');

/** One ticket: its thread, and the steps the ticket's machine allows the client now. */
export function TicketScreen() {
  const { t } = useLingui();
  const lang = useLang();
  const id = Number(route.useParams().id) || 0;
  const query = useQuery(ticketQuery(id), queryClient);
  usePageTitle(query.data ? `${query.data.number} · ${query.data.subject}` : t`Support ticket`);

  return (
    <>
      <p className="back-link">
        <Link to="/$lang/tickets" params={{ lang }}>
          <Trans>← All tickets</Trans>
        </Link>
      </p>
      <QueryState
        query={query}
        notFound={{ statuses: [404, 422], title: <Trans>Ticket not found</Trans>, body: <Trans>There is no such ticket among yours.</Trans> }}
        error={<Trans>The ticket could not be loaded.</Trans>}
      >
        {(ticket) => <TicketDetails ticket={ticket} />}
      </QueryState>
    </>
  );
}

function TicketDetails({ ticket }: { ticket: Ticket }) {
  const { t, i18n } = useLingui();
  const now = new Date().toISOString();
  const actions = selectActions(ticketSnapshot(ticket.status), 'client', ticket, now);
  const show = (next: Ticket) => {
    void showLatest(ticketQuery(ticket.id).queryKey, next);
    void queryClient.invalidateQueries({ queryKey: [...ticketKeys.all, 'mine'] });
  };
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <>
      <PageHeader eyebrow={ticket.number} title={ticket.subject} />
      <div className="ticket-layout">
        <div className="ticket-main">
          <FactList
            className="card ticket-facts"
            facts={[
              { label: t`Status`, value: <StatusBadge tone={STATUS_TONES[ticket.status]}>{i18n._(STATUS_LABELS[ticket.status])}</StatusBadge> },
              { label: t`Category`, value: i18n._(CATEGORY_LABELS[ticket.category]) },
              { label: t`Handled by`, value: ticket.handler ? ticket.handler.name : t`Nobody yet` },
              { label: t({ message: 'Opened', context: 'ticket' }), value: <time dateTime={ticket.created_at}>{date(ticket.created_at)}</time> },
            ]}
          />
          <TicketThread ticketId={ticket.id} messages={ticket.messages} viewer="client" />
          {actions.includes('client.reply') ? <ReplyForm ticket={ticket} onDone={show} /> : null}
          {ticket.status === 'resolved' || ticket.status === 'closed' ? <Resolution ticket={ticket} actions={actions} onDone={show} /> : null}
        </div>
        <aside className="ticket-side" aria-labelledby="timeline-title">
          <h2 id="timeline-title" className="section-title">
            <Trans>Timeline</Trans>
          </h2>
          <TicketTimeline steps={ticket.timeline} />
        </aside>
      </div>
    </>
  );
}

function ReplyForm({ ticket, onDone }: { ticket: Ticket; onDone: (ticket: Ticket) => void }) {
  const { t } = useLingui();
  const check = useAttachmentCheck();
  const form = useForm(
    { message: '', files: [] as File[] },
    (data, progress) => replyToTicket(ticket.id, data.message, data.files, progress),
    (output) => {
      form.actor.send({ type: 'form.reset', data: { message: '', files: [] } });
      onDone(output as Ticket);
    },
  );
  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const problem = check(form.data.files);
    if (problem) return form.actor.send({ type: 'form.setErrors', errors: { files: [problem] } });
    form.actor.send({ type: 'form.submit' });
  }
  return (
    <form className="card form-grid ticket-reply" onSubmit={submit} noValidate aria-labelledby="reply-title">
      <h2 id="reply-title" className="section-title">
        <Trans>Reply</Trans>
      </h2>
      <FormBanner message={form.message} />
      <TextAreaField label={t`Your message`} required rows={4} maxLength={TICKET_MESSAGE_MAX} {...form.field('message')} />
      <AttachmentsInput
        files={form.data.files}
        disabled={form.busy}
        error={form.errors.files?.[0]}
        onChange={(files) => {
          form.actor.send({ type: 'form.keydown', field: 'files' });
          form.set('files', files);
        }}
      />
      <div className="form-actions">
        <SubmitButton busy={form.busy} block={false}>
          <Trans>Send reply</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}

/** A resolved (or closed) ticket: reopen while the window is open, rate once per resolution. */
function Resolution({ ticket, actions, onDone }: { ticket: Ticket; actions: string[]; onDone: (ticket: Ticket) => void }) {
  const { i18n } = useLingui();
  const reopen = useMutation({ mutationFn: () => reopenTicket(ticket.id), onSuccess: onDone }, queryClient);
  const until = ticket.reopen_until ? i18n.date(new Date(ticket.reopen_until), { dateStyle: 'medium', timeStyle: 'short' }) : null;
  const score = ticket.rating?.score;
  return (
    <section className="card ticket-resolution" aria-labelledby="resolution-title">
      <h2 id="resolution-title" className="section-title">
        {ticket.status === 'resolved' ? <Trans>This ticket is resolved</Trans> : <Trans>This ticket is closed</Trans>}
      </h2>
      {actions.includes('client.reopen') && until ? (
        <div className="ticket-reopen">
          <p>
            <Trans>Not solved after all? You can reopen it until {until}.</Trans>
          </p>
          {reopen.isError ? <FormBanner message={messageOf(errorBody(reopen.error)) ?? DEFAULT_FORM_ERROR} /> : null}
          <button type="button" className="btn btn-secondary" onClick={() => reopen.mutate()} disabled={reopen.isPending} aria-busy={reopen.isPending}>
            <Trans>Reopen the ticket</Trans>
          </button>
        </div>
      ) : null}
      {ticket.rating ? (
        <p className="ticket-rated">
          <Trans>You rated the answer {score} out of 5.</Trans>
          {ticket.rating.comment ? <> “{ticket.rating.comment}”</> : null}
        </p>
      ) : null}
      {actions.includes('client.rate') ? <RatingForm ticket={ticket} onDone={onDone} /> : null}
    </section>
  );
}

function RatingForm({ ticket, onDone }: { ticket: Ticket; onDone: (ticket: Ticket) => void }) {
  const { t } = useLingui();
  const legendId = useId();
  const [score, setScore] = useState(0);
  const form = useForm(
    { score: 0, comment: '' },
    (data) => rateTicket(ticket.id, { score: data.score, comment: data.comment }),
    (output) => onDone(output as Ticket),
  );
  const error = form.errors.score?.[0];
  return (
    <form
      className="form-grid ticket-rating"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (score < 1) return form.actor.send({ type: 'form.setErrors', errors: { score: [t`Choose a rating from 1 to 5.`] } });
        form.actor.send({ type: 'form.submit' });
      }}
    >
      <FormBanner message={form.message} />
      <fieldset className="rating-stars" aria-describedby={error ? `${legendId}-error` : undefined}>
        <legend id={legendId} className="field-label">
          <Trans>How helpful was the answer?</Trans>
        </legend>
        <div className="rating-options">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="rating-option">
              <input
                type="radio"
                name="score"
                value={value}
                checked={score === value}
                onChange={() => {
                  setScore(value);
                  form.set('score', value);
                  form.actor.send({ type: 'form.keydown', field: 'score' });
                }}
              />
              <span>{value}</span>
            </label>
          ))}
        </div>
        <p className="field-hint">
          <Trans>1: not helpful, 5: very helpful.</Trans>
        </p>
        {error ? (
          <p id={`${legendId}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField label={t`Comment (optional)`} rows={3} maxLength={TICKET_RATING_COMMENT_MAX} {...form.field('comment')} />
      <div className="form-actions">
        <SubmitButton busy={form.busy} block={false}>
          <Trans>Send rating</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}
