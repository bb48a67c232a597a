import { useLingui } from '@lingui/react/macro';
import type { TimelineStep } from '../../../contract/lifecycle';
import { EVENT_LABELS } from './ticket-labels';

/** Every recorded step of the ticket, oldest first, in the reader's zone. */
export function TicketTimeline({ steps }: { steps: readonly TimelineStep[] }) {
  const { i18n } = useLingui();
  return (
    <ol className="ticket-timeline">
      {steps.map((step, index) => {
        const label = EVENT_LABELS[step.event as keyof typeof EVENT_LABELS];
        return (
          <li key={`${step.at}-${index}`}>
            <span className="ticket-timeline-event">{label ? i18n._(label) : step.event}</span>
            <time dateTime={step.at}>{i18n.date(new Date(step.at), { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </li>
        );
      })}
    </ol>
  );
}
