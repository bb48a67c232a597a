import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Previous and next through a server-paged list; nothing when everything fits on one page. A keyset
 * list (history) says itself whether a neighbour exists (`hasPrevious`, `hasNext`); otherwise the
 * page numbers decide.
 */
export function Pager({
  page,
  lastPage,
  onPage,
  hasPrevious = page > 1,
  hasNext = page < lastPage,
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  hasPrevious?: boolean;
  hasNext?: boolean;
}) {
  const { t } = useLingui();
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav className="pager" aria-label={t`Pages`}>
      <button type="button" className="btn btn-secondary" disabled={!hasPrevious} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <span aria-live="polite">
        <Trans>
          Page {page} of {lastPage}
        </Trans>
      </span>
      <button type="button" className="btn btn-secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
