import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isChunkLoadError } from '../../lib/chunk';
import { usePageTitle } from '../../lib/page-title';
import { ErrorLayout } from '../../ui/layouts/ErrorLayout';

/** Seed: when a screen's data or code fails to load, the error layout is used. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui();
  const router = useRouter();
  usePageTitle(t`Something went wrong`);
  return (
    <ErrorLayout title={t`Something went wrong`} text={t`This page could not be loaded. Check your connection and try again.`}>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          // A chunk that failed after its one automatic reload: the user asks, so load the page anew.
          if (isChunkLoadError(error)) return location.reload();
          reset();
          void router.invalidate();
        }}
      >
        <Trans>Try again</Trans>
      </button>
    </ErrorLayout>
  );
}
