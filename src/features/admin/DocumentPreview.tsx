import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { AdminVerification } from '../../contract/verification';
import { fetchDocumentFile } from '../verification/api/verification';

/** Fetches a document with the bearer token and hands out a blob: address for as long as it is shown. */
function useDocumentUrl(id: number, wanted: boolean): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!wanted) return;
    let url: string | null = null;
    let live = true;
    fetchDocumentFile(id).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      },
      () => live && setState({ url: null, failed: true }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
      setState({ url: null, failed: false });
    };
  }, [id, wanted]);
  return state;
}

/** Preview (an image inline, a PDF in a new tab) and download of a submitted document. */
export function DocumentPreview({ document }: { document: AdminVerification }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const { url, failed } = useDocumentUrl(document.id, open);
  const isImage = document.mime_type.startsWith('image/');

  useEffect(() => {
    if (url && !isImage) window.open(url, '_blank', 'noopener');
  }, [url, isImage]);

  return (
    <div className="document-preview">
      <div className="queue-actions">
        <button type="button" className="btn btn-secondary" onClick={() => setOpen((v) => !v)} aria-expanded={isImage ? open : undefined}>
          {isImage ? (open ? <Trans>Hide preview</Trans> : <Trans>Preview</Trans>) : <Trans>Open PDF</Trans>}
        </button>
        {url ? (
          <a className="btn btn-ghost" href={url} download={document.file_name}>
            <Trans>Download</Trans>
          </a>
        ) : null}
      </div>
      {failed ? (
        <p className="field-error" role="alert">
          <Trans>The file could not be loaded.</Trans>
        </p>
      ) : null}
      {open && isImage && url ? <img className="document-image" src={url} alt={t`${document.file_name}, sent by ${document.user.first_name} ${document.user.second_name}`} /> : null}
    </div>
  );
}
