import { Trans, useLingui } from "@lingui/react/macro";
import "./timeline.css";

export interface TimelineItem {
  key: string;
  title: string;
  /** A reason or a note under the title (a rejection's reason). */
  detail?: string | null;
  /** ISO-8601 UTC; shown in the reader's zone and language. */
  at: string;
  tone?: "done" | "current" | "rejected";
}

/**
 * The steps an object went through, oldest first, and when its next step is expected. Times are
 * written in the reader's language and time zone (Intl through Lingui's i18n.date).
 */
export function Timeline({
  items,
  expectedAt,
  label,
}: {
  items: TimelineItem[];
  expectedAt: string | null;
  label: string;
}) {
  const { i18n } = useLingui();
  const when = (iso: string) =>
    i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="timeline">
      <ol className="timeline-steps" aria-label={label}>
        {items.map((item) => (
          <li
            key={item.key}
            className={`timeline-step timeline-${item.tone ?? "done"}`}
          >
            <span className="timeline-dot" aria-hidden="true" />
            <div className="timeline-body">
              <span className="timeline-title">{item.title}</span>
              <time className="timeline-time" dateTime={item.at}>
                {when(item.at)}
              </time>
              {item.detail ? (
                <p className="timeline-detail">{item.detail}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {expectedAt ? (
        <p className="timeline-expected">
          <Trans>
            Next step expected by{" "}
            <time dateTime={expectedAt}>{when(expectedAt)}</time>
          </Trans>
        </p>
      ) : null}
    </div>
  );
}
