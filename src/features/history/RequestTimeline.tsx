import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type { TimelineStep } from "../../../contract/lifecycle";
import { queryClient } from "../../data/query-client";
import { LoadError } from "../../ui/LoadError";
import { LoadingState } from "../../ui/LoadingState";
import { Timeline, type TimelineItem } from "../../ui/Timeline";
import { requestTimelineQuery } from "./api/fetch-request-timeline";

/** Each recorded step of machines/wallet-request as the client reads it. */
const STEP_TITLES: Record<string, MessageDescriptor> = {
  created: msg`Submitted`,
  "request.review": msg`Under review`,
  "request.approve": msg`Approved`,
  "request.reject": msg`Rejected`,
  "request.complete": msg`Completed: the money has moved`,
  "request.bounce": msg`Back under review: the trading platform refused the operation`,
  "request.fail": msg`Rejected: the trading platform refused the operation`,
};

/** The reason shows where staff wrote it; the platform's refusal codes are told by the title instead. */
const shownReason = (step: TimelineStep) =>
  step.event === "request.reject" ? step.reason : null;

/** A deposit's or withdrawal's steps (submitted, under review, approved or rejected with the reason, completed) with the expected time of the next one. */
export function RequestTimeline({ id }: { id: number }) {
  const { t } = useLingui();
  const timeline = useQuery(requestTimelineQuery(id), queryClient);
  if (timeline.isError) {
    return (
      <LoadError
        onRetry={() => void timeline.refetch()}
        retrying={timeline.isFetching}
      >
        <Trans>The request’s timeline could not be loaded.</Trans>
      </LoadError>
    );
  }
  if (!timeline.data) return <LoadingState />;
  const { steps } = timeline.data;
  const items: TimelineItem[] = steps.map((step, index) => ({
    key: `${index}`,
    title: t(STEP_TITLES[step.event] ?? msg`Updated`),
    detail: shownReason(step),
    at: step.at,
    tone:
      step.to === "rejected"
        ? "rejected"
        : index === steps.length - 1
          ? "current"
          : "done",
  }));
  return (
    <Timeline
      items={items}
      expectedAt={timeline.data.expected_at}
      label={t`Timeline`}
    />
  );
}
