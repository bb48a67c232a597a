import { Trans } from '@lingui/react/macro';

/** A spinner that screen readers announce as loading. */
export function LoadingState() {
  return (
    <div className="content-loader" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <Trans>Loading…</Trans>
      </span>
    </div>
  );
}
