import { Skeleton } from "../../ui/Skeleton";
import "./account-card.css";

/** One line's placeholder: a bar inside the element the real text sits in, so the line keeps its height. */
function Line({ width }: { width: string }) {
  return <Skeleton width={width} height="0.8em" radius="var(--radius-full)" />;
}

/**
 * An AccountCard's place while the accounts first load: the same card, head, balance and facts
 * (the same elements and classes, so the same height in every layout), with bars for the text.
 * Hidden from assistive technology: the section says it is loading.
 */
export function AccountCardSkeleton() {
  return (
    <div className="card account-card account-card-skeleton" aria-hidden="true">
      <div className="account-card-head">
        <div>
          <p className="stat-label">
            <Line width="4.5em" />
          </p>
          <p className="account-number">
            <Line width="6em" />
          </p>
        </div>
        <div className="account-badges">
          <Skeleton width={44} height={24} radius="var(--radius-full)" />
          <Skeleton width={40} height={24} radius="var(--radius-full)" />
        </div>
      </div>
      <div className="account-balance">
        <span className="stat-label">
          <Line width="4em" />
        </span>
        <span className="amount account-balance-value">
          <Line width="6.5em" />
        </span>
      </div>
      <dl className="account-facts">
        {["5em", "6.5em", "6em", "5em", "4.5em"].map((width, index) => (
          <div key={index}>
            <dt>
              <Line width={width} />
            </dt>
            <dd>
              <Line width="5.5em" />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
