import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminVerification } from '../../../contract/verification';
import { queryClient } from '../../data/query-client';
import { documentFileQuery, fetchDocumentFile } from '../verification';

/** A blob: address handed to another window or a download lives this long, then is released. */
const HANDED_OUT_URL_MS = 60_000;

/** Fetches an image document with the bearer token and keeps a blob: address for as long as it is shown. */
function useImageUrl(id: number, wanted: boolean): { url: string | null; failed: boolean } {
  const file = useQuery({ ...documentFileQuery(id), enabled: wanted }, queryClient);
  const blob = wanted ? file.data : undefined;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const address = URL.createObjectURL(blob);
    setUrl(address);
    return () => {
      URL.revokeObjectURL(address);
      setUrl(null);
    };
  }, [blob]);
  return { url: blob ? url : null, failed: wanted && file.isError };
}

/**
 * Preview (an image inline, a PDF in a new tab) and download of a submitted document. The file
 * needs the bearer token, which neither `<img src>` nor a link can send: it is fetched, then shown
 * from a blob: address.
 */
export function DocumentPreview({ document }: { document: AdminVerification }) {
  const { t } = useLingui();
  const isImage = document.mime_type.startsWith('image/');
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const image = useImageUrl(document.id, isImage && open);

  async function withFile(use: (url: string) => void, target?: Window | null) {
    setFailed(false);
    try {
      const url = URL.createObjectURL(await fetchDocumentFile(document.id));
      use(url);
      window.setTimeout(() => URL.revokeObjectURL(url), HANDED_OUT_URL_MS);
    } catch {
      target?.close();
      setFailed(true);
    }
  }

  function openPdf() {
    // Opened in the click itself, so the browser lets it through; the file arrives a moment later.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    void withFile((url) => {
      if (tab) tab.location.href = url;
    }, tab);
  }

  function download() {
    void withFile((url) => {
      const link = window.document.createElement('a');
      link.href = url;
      link.download = document.file_name;
      link.click();
    });
  }

  return (
    <div className="document-preview">
      <div className="queue-actions">
        {isImage ? (
          <button type="button" className="btn btn-secondary" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
            {open ? <Trans>Hide preview</Trans> : <Trans>Preview</Trans>}
          </button>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={openPdf}>
            <Trans>Open PDF</Trans>
          </button>
        )}
        <button type="button" className="btn btn-ghost" onClick={download}>
          <Trans>Download</Trans>
        </button>
      </div>
      {failed || image.failed ? (
        <p className="field-error" role="alert">
          <Trans>The file could not be loaded.</Trans>
        </p>
      ) : null}
      {open && image.url ? (
        <img className="document-image" src={image.url} alt={t`${document.file_name}, sent by ${document.user.first_name} ${document.user.second_name}`} />
      ) : null}
    </div>
  );
}
