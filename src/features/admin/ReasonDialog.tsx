import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { LIFECYCLE_REASON_MAX } from '../../../contract/lifecycle';
import { useForm } from '../../lib/use-form';
import { DialogActions } from '../../ui/form/DialogActions';
import { FormBanner } from '../../ui/form/FormBanner';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import '../../ui/dialog.css';

/**
 * A rejection with the reason the person reads (as RejectRequestDialog does for money requests):
 * required, at most 500 characters; the server's refusal (a 409 when it moved on) lands in the form.
 */
export function ReasonDialog({
  title,
  lead,
  action,
  onSubmit,
  onClose,
  onDone,
}: {
  title: string;
  lead: string;
  action: string;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
  onDone: (output: unknown) => void;
}) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const form = useForm({ reason: '' }, (data) => onSubmit(data.reason.trim()), onDone);
  const close = () => dialog.current?.close();

  return (
    <dialog ref={dialog} className="alert-dialog form-dialog" aria-labelledby="reason-dialog-title" onClose={onClose}>
      <form className="form-grid" onSubmit={form.onSubmit} noValidate>
        <div className="dialog-head">
          <h2 id="reason-dialog-title">{title}</h2>
          <button type="button" className="icon-btn" onClick={close} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        <p>{lead}</p>
        <FormBanner message={form.message} />
        <TextAreaField
          label={t`Reason, shown to the client`}
          rows={3}
          maxLength={LIFECYCLE_REASON_MAX}
          required
          autoFocus
          {...form.field('reason')}
          hint={t`At most ${LIFECYCLE_REASON_MAX} characters.`}
        />
        <DialogActions busy={form.busy} onCancel={close} lockWhileBusy>
          {action}
        </DialogActions>
      </form>
    </dialog>
  );
}
