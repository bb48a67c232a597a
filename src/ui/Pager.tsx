import { Trans, useLingui } from '@lingui/react/macro';

/** Previous and next through a server-paged list; nothing when everything fits on one page. */
export function Pager({ page, lastPage, onPage }: { page: number; lastPage: number; onPage: (page: number) => void }) {
  const { t } = useLingui();
  if (lastPage <= 1) return null;
  return (
    <nav className="pager" aria-label={t`Pages`}>
      <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <span aria-live="polite">
        <Trans>
          Page {page} of {lastPage}
        </Trans>
      </span>
      <button type="button" className="btn btn-secondary" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
