import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { LIFECYCLE_REASON_MAX } from "../../../contract/lifecycle";
import type { WalletRequest } from "../../../contract/trading";
import { useForm } from "../../lib/use-form";
import { DialogActions } from "../../ui/form/DialogActions";
import { FormBanner } from "../../ui/form/FormBanner";
import { TextAreaField } from "../../ui/form/TextAreaField";
import { CloseIcon } from '../../ui/icons/CloseIcon';
import { decideWalletRequest } from "./api/decide-wallet-request";
import "../../ui/dialog.css";

/**
 * Reject a live request with the reason the client reads on the request's timeline and in the
 * notification. The server requires the reason (at most 500 characters) and answers 409 when the
 * request moved on meanwhile; both land in the form.
 */
export function RejectRequestDialog({
  request,
  onClose,
  onRejected,
}: {
  request: WalletRequest;
  onClose: () => void;
  onRejected: (request: WalletRequest) => void;
}) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const form = useForm(
    { reason: "" },
    (data) =>
      decideWalletRequest({
        id: request.id,
        decision: "reject",
        reason: data.reason.trim(),
      }),
    (output) => onRejected(output as WalletRequest),
  );
  const close = () => dialog.current?.close();

  return (
    <dialog
      ref={dialog}
      className="alert-dialog form-dialog"
      aria-labelledby="reject-dialog-title"
      onClose={onClose}
    >
      <form className="form-grid" onSubmit={form.onSubmit} noValidate>
        <div className="dialog-head">
          <h2 id="reject-dialog-title">{t`Reject request ${request.reference}?`}</h2>
          <button
            type="button"
            className="icon-btn"
            onClick={close}
            aria-label={t`Close`}
          >
            <CloseIcon />
          </button>
        </div>
        <p>
          <Trans>
            The client sees the request as rejected, with your reason. This
            cannot be undone.
          </Trans>
        </p>
        <FormBanner message={form.message} />
        <TextAreaField
          label={t`Reason, shown to the client`}
          rows={3}
          maxLength={LIFECYCLE_REASON_MAX}
          required
          autoFocus
          {...form.field("reason")}
          hint={t`At most ${LIFECYCLE_REASON_MAX} characters.`}
        />
        <DialogActions busy={form.busy} onCancel={close} lockWhileBusy>
          <Trans>Reject request</Trans>
        </DialogActions>
      </form>
    </dialog>
  );
}
