import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryClient } from '../../data/query-client';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { Timeline, type TimelineItem } from '../../ui/Timeline';
import { documentTimelineQuery } from './api/fetch-document-timeline';

/** Each recorded step of machines/identity-document as the client reads it. */
const STEP_TITLES: Record<string, MessageDescriptor> = {
  created: msg`Uploaded`,
  'document.review': msg`Under review`,
  'document.approve': msg`Approved`,
  'document.reject': msg`Not accepted`,
};

/** A document's review, step by step, behind a disclosure: loaded when first opened. */
export function DocumentTimeline({ id }: { id: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="document-timeline" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <Trans>Review timeline</Trans>
      </summary>
      {open ? <Steps id={id} /> : null}
    </details>
  );
}

function Steps({ id }: { id: number }) {
  const { t } = useLingui();
  const timeline = useQuery(documentTimelineQuery(id), queryClient);
  if (timeline.isError) {
    return (
      <LoadError onRetry={() => void timeline.refetch()} retrying={timeline.isFetching}>
        <Trans>The timeline could not be loaded.</Trans>
      </LoadError>
    );
  }
  if (!timeline.data) return <LoadingState />;
  const { steps } = timeline.data;
  const items: TimelineItem[] = steps.map((step, index) => ({
    key: `${index}`,
    title: t(STEP_TITLES[step.event] ?? msg`Updated`),
    detail: step.event === 'document.reject' ? step.reason : null,
    at: step.at,
    tone: step.to === 'rejected' ? 'rejected' : index === steps.length - 1 ? 'current' : 'done',
  }));
  return <Timeline items={items} expectedAt={timeline.data.expected_at} label={t`Review timeline`} />;
}
