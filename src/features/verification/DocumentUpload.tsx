import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef } from 'react';
import { DOCUMENT_MAX_BYTES, type DocumentKind } from '../../../contract/verification';
import { useForm } from '../../lib/use-form';
import { AlertIcon } from '../../ui/icons/AlertIcon';
import { FormBanner } from '../../ui/form/FormBanner';
import { uploadDocument } from './api/upload-document';
import '../../ui/form/file-input.css';

const ACCEPT = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf';

/** The file input and upload of one document kind, with progress; the server checks the type by content. */
export function DocumentUpload({ kind, label, onUploaded }: { kind: DocumentKind; label: string; onUploaded: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useForm(
    { file: null as File | null },
    (data, progress) => uploadDocument(kind, data.file!, progress),
    () => {
      if (inputRef.current) inputRef.current.value = '';
      form.actor.send({ type: 'form.reset', data: { file: null } });
      onUploaded();
    },
  );
  const error = form.errors.file?.[0] ?? form.errors.kind?.[0];
  const inputId = `document-${kind}-${id}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const file = form.data.file;
    // The server decides; these only spare a pointless upload.
    if (!file) return form.actor.send({ type: 'form.setErrors', errors: { file: [t`Choose a file to upload.`] } });
    if (file.size > DOCUMENT_MAX_BYTES) {
      return form.actor.send({ type: 'form.setErrors', errors: { file: [t`The file must not be larger than 10 MB.`] } });
    }
    form.actor.send({ type: 'form.submit' });
  }

  return (
    <form className="document-upload" onSubmit={submit} noValidate>
      <FormBanner message={form.message} />
      <div className="field">
        <label className="field-label" htmlFor={inputId}>
          {label}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          name="file"
          type="file"
          className="file-input"
          accept={ACCEPT}
          disabled={form.busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            form.actor.send({ type: 'form.keydown', field: 'file' });
            form.set('file', event.target.files?.[0] ?? null);
          }}
        />
        <p id={hintId} className="field-hint">
          <Trans>PNG, JPEG or PDF, up to 10 MB.</Trans>
        </p>
        {error ? (
          <p id={errorId} className="field-error" role="alert">
            <AlertIcon size={16} />
            <span>{error}</span>
          </p>
        ) : null}
      </div>
      {form.progress ? (
        <div className="upload-progress">
          <progress max={100} value={form.progress.percentage} aria-label={t`Upload progress`} />
          <span aria-hidden="true">{form.progress.percentage}%</span>
        </div>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <span className="spinner" aria-hidden="true" /> : null}
          {form.busy ? <Trans>Uploading…</Trans> : <Trans>Upload</Trans>}
        </button>
      </div>
    </form>
  );
}
