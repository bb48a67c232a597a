import { useLingui } from '@lingui/react/macro';
import type { TimelineStep } from '../../../contract/lifecycle';
import { EVENT_LABELS } from './ticket-labels';

/** Every recorded step of the ticket, oldest first, in the reader's zone. */
export function TicketTimeline({ steps }: { steps: readonly TimelineStep[] }) {
  const { i18n, t } = useLingui();
  // Claims and assignments keep the status: the step's detail is the handler's name (docs/adr/0087).
  const title = (step: TimelineStep) => {
    const name = step.reason ?? '';
    if (step.event === 'staff.claim') return t`Taken by ${name}`;
    if (step.event === 'staff.assign') return t`Assigned to ${name}`;
    if (step.event === 'staff.unassign') return t`Handler removed`;
    const label = EVENT_LABELS[step.event as keyof typeof EVENT_LABELS];
    return label ? i18n._(label) : step.event;
  };
  return (
    <ol className="ticket-timeline">
      {steps.map((step, index) => {
        return (
          <li key={`${step.at}-${index}`}>
            <span className="ticket-timeline-event">{title(step)}</span>
            <time dateTime={step.at}>{i18n.date(new Date(step.at), { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </li>
        );
      })}
    </ol>
  );
}
