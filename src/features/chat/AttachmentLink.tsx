import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ChatAttachment } from '../../../contract/chat';
import { intlLocale, isLocale } from '../../../contract/locales';
import { formatBytes } from '../../ui/format-bytes';
import { fetchAttachment } from './api/fetch-attachment';

/** A blob: address handed to a download lives this long, then is released. */
const HANDED_OUT_URL_MS = 60_000;

/**
 * A file in a message: its name and size; activating it downloads the file. The call needs the
 * bearer token, which a plain link cannot send, so the file is fetched and saved from a blob: address.
 */
export function AttachmentLink({ attachment }: { attachment: ChatAttachment }) {
  const { i18n } = useLingui();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function download() {
    setFailed(false);
    setBusy(true);
    try {
      const url = URL.createObjectURL(await fetchAttachment(attachment.id));
      const link = document.createElement('a');
      link.href = url;
      link.download = attachment.file_name;
      link.click();
      window.setTimeout(() => URL.revokeObjectURL(url), HANDED_OUT_URL_MS);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="chat-attachment">
      <button type="button" className="chat-attachment-link" onClick={() => void download()} aria-busy={busy}>
        <span className="chat-attachment-name" dir="auto">
          {attachment.file_name}
        </span>{' '}
        <span className="chat-attachment-size">{formatBytes(attachment.size, isLocale(i18n.locale) ? intlLocale(i18n.locale) : i18n.locale)}</span>
      </button>
      {failed ? (
        <span className="chat-failed" role="alert">
          <Trans>The file could not be downloaded.</Trans>
        </span>
      ) : null}
    </span>
  );
}
