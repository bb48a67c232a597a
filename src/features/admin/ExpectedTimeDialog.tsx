import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useForm } from '../../lib/use-form';
import { DialogActions } from '../../ui/form/DialogActions';
import { FormBanner } from '../../ui/form/FormBanner';
import { TextField } from '../../ui/form/TextField';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import '../../ui/dialog.css';

/** `YYYY-MM-DDTHH:mm` in this browser's zone, as a datetime-local input reads and writes it. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The typed local time as UTC ISO-8601; empty: no time said. */
export function expectedAtFromInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/**
 * Staff take a money request or a document into review and say when the client may expect the
 * decision. The time is typed in the staff member's zone and sent in UTC; the client reads it in
 * theirs. The server takes only a time ahead (422 on `expected_at` otherwise, shown on the field).
 */
export function ExpectedTimeDialog({
  title,
  current,
  onSubmit,
  onClose,
  onDone,
}: {
  title: string;
  /** The expected time already set, if any (ISO). */
  current: string | null;
  onSubmit: (expectedAt: string | null) => Promise<unknown>;
  onClose: () => void;
  onDone: (output: unknown) => void;
}) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const form = useForm({ expected_at: current ? localInputValue(new Date(current)) : '' }, (data) => onSubmit(expectedAtFromInput(data.expected_at)), onDone);
  const close = () => dialog.current?.close();

  return (
    <dialog ref={dialog} className="alert-dialog form-dialog" aria-labelledby="expected-dialog-title" onClose={onClose}>
      <form className="form-grid" onSubmit={form.onSubmit} noValidate>
        <div className="dialog-head">
          <h2 id="expected-dialog-title">{title}</h2>
          <button type="button" className="icon-btn" onClick={close} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        <p>
          <Trans>The client sees it as under review, with the time you expect to decide, in their own time zone.</Trans>
        </p>
        <FormBanner message={form.message} />
        <TextField
          label={t`Decision expected by`}
          type="datetime-local"
          min={localInputValue(new Date())}
          autoFocus
          {...form.field('expected_at')}
          hint={t`Your local time. Leave it empty if you cannot say yet.`}
        />
        <DialogActions busy={form.busy} onCancel={close} lockWhileBusy>
          <Trans>Save</Trans>
        </DialogActions>
      </form>
    </dialog>
  );
}
