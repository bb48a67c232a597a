import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef } from 'react';
import { intlLocale } from '../../../contract/locales';
import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENTS_MAX } from '../../../contract/tickets';
import { useLang } from '../../lib/use-lang';
import { AlertIcon } from '../../ui/icons/AlertIcon';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import { formatBytes } from '../verification';
import '../../ui/form/file-input.css';

const ACCEPT = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf';

/** The app's own check before an upload, sparing a pointless one (the server decides, by content). */
export function useAttachmentCheck(): (files: readonly File[]) => string | null {
  const { t } = useLingui();
  return (files) => {
    if (files.length > TICKET_ATTACHMENTS_MAX) return t`Attach at most 3 files.`;
    if (files.some((file) => file.size > TICKET_ATTACHMENT_MAX_BYTES)) return t`Each file must not be larger than 10 MB.`;
    return null;
  };
}

/** Up to three files for a ticket or a reply, listed with their sizes, each removable. */
export function AttachmentsInput({
  files,
  onChange,
  error,
  disabled,
}: {
  files: readonly File[];
  onChange: (files: File[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const lang = useLang();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const full = files.length >= TICKET_ATTACHMENTS_MAX;

  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        <Trans>Attachments (optional)</Trans>
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        className="file-input"
        accept={ACCEPT}
        disabled={disabled || full}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        onChange={(event) => {
          onChange([...files, ...Array.from(event.target.files ?? [])]);
          // The same file may be chosen again after it was removed.
          event.target.value = '';
        }}
      />
      <p id={hintId} className="field-hint">
        <Trans>Up to 3 files: PNG, JPEG or PDF, up to 10 MB each.</Trans>
      </p>
      {files.length > 0 ? (
        <ul className="attachment-chosen" aria-label={t`Chosen files`}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <span className="attachment-name">{file.name}</span>
              <span className="attachment-size">{formatBytes(file.size, intlLocale(lang))}</span>
              <button
                type="button"
                className="icon-btn"
                disabled={disabled}
                aria-label={t`Remove ${file.name}`}
                onClick={() => {
                  onChange(files.filter((_, i) => i !== index));
                  input.current?.focus();
                }}
              >
                <CloseIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          <AlertIcon size={16} />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
