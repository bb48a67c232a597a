import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../data/query-client';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { Timeline, type TimelineItem } from '../../ui/Timeline';
import { adminIpoTimelineQuery } from './api/fetch-admin-ipo';

/** Each recorded step of machines/ipo-offering as staff read it. */
const STEP_TITLES: Record<string, MessageDescriptor> = {
  created: msg`Created as a draft`,
  'offering.edit': msg`Details edited`,
  'offering.announce': msg`Announced`,
  'offering.open': msg`Window opened`,
  'offering.close': msg`Window closed`,
  'offering.price': msg`Final price set`,
  'offering.allocate': msg`Allocated`,
  'offering.list': msg`Listed`,
  'offering.cancel': msg`Cancelled`,
};

/** An offering's lifecycle: what happened, who did it, when, and the reason given. */
export function IpoOfferingTimeline({ id }: { id: number }) {
  const { t } = useLingui();
  const timeline = useQuery(adminIpoTimelineQuery(id), queryClient);
  if (timeline.isError) {
    return (
      <LoadError onRetry={() => void timeline.refetch()} retrying={timeline.isFetching}>
        <Trans>The offering’s timeline could not be loaded.</Trans>
      </LoadError>
    );
  }
  if (!timeline.data) return <LoadingState />;
  const { steps } = timeline.data;
  const items: TimelineItem[] = steps.map((step, index) => {
    const who = step.actor ?? (step.by === 'system' ? t`the system` : t`staff`);
    const title = t(STEP_TITLES[step.event] ?? msg`Updated`);
    return {
      key: `${index}`,
      title: t`${title} · by ${who}`,
      detail: step.reason,
      at: step.at,
      tone: step.to === 'cancelled' ? 'rejected' : index === steps.length - 1 ? 'current' : 'done',
    };
  });
  return <Timeline items={items} expectedAt={timeline.data.expected_at} label={t`Timeline`} />;
}
