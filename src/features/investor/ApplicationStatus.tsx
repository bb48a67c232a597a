import { Trans, useLingui } from '@lingui/react/macro';
import type { PartnerApplication } from '../../../contract/partners';
import { StatusBadge } from '../../ui/StatusBadge';
import { Timeline, type TimelineItem } from '../../ui/Timeline';
import { APPLICATION_EVENT_LABELS, APPLICATION_STATE_LABELS, APPLICATION_STATE_TONES } from './investor-labels';

/** The latest application: its state, the steps it went through, and a rejection's reason in words. */
export function ApplicationStatus({ application, onApplyAgain }: { application: PartnerApplication; onApplyAgain?: (() => void) | undefined }) {
  const { t, i18n } = useLingui();
  const last = application.timeline.length - 1;
  const items: TimelineItem[] = application.timeline.map((step, index) => {
    const label = APPLICATION_EVENT_LABELS[step.event];
    return {
      key: `${step.at}-${index}`,
      title: label ? i18n._(label) : step.event,
      detail: step.reason,
      at: step.at,
      tone: step.to === 'rejected' ? 'rejected' : index === last && application.state === 'submitted' ? 'current' : 'done',
    };
  });

  return (
    <section className="card investor-status" aria-labelledby="application-status-title">
      <div className="investor-status-head">
        <h2 id="application-status-title" className="card-title">
          <Trans>Your application</Trans>
        </h2>
        <StatusBadge tone={APPLICATION_STATE_TONES[application.state]}>{i18n._(APPLICATION_STATE_LABELS[application.state])}</StatusBadge>
      </div>
      <div className="investor-status-body">
        {application.state === 'submitted' ? (
          <p>
            <Trans>Our staff review applications within two business days. We will write to you when it is decided.</Trans>
          </p>
        ) : application.state === 'rejected' ? (
          <div className="banner banner-error investor-reason" role="status">
            <span>
              <strong>
                <Trans>Why it was declined:</Trans>
              </strong>{' '}
              {application.reason ?? t`No reason was given.`}
            </span>
          </div>
        ) : null}
        <Timeline items={items} expectedAt={null} label={t`Steps of your application`} />
        {onApplyAgain ? (
          <button type="button" className="btn btn-secondary" onClick={onApplyAgain}>
            <Trans>Apply again</Trans>
          </button>
        ) : null}
      </div>
    </section>
  );
}
