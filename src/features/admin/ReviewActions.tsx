import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { REJECTION_REASON_MAX, type AdminVerification } from '../../../contract/verification';
import { queryClient } from '../../data/query-client';
import { errorBody, messageOf } from '../../lib/http';
import { useForm } from '../../lib/use-form';
import { AlertIcon } from '../../ui/icons/AlertIcon';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { approveDocument, rejectDocument, reviewDocument } from '../verification';
import { identityDocumentSnapshot, selectReviewActions } from '../../../machines/identity-document/identity-document.selectors';
import { ExpectedTimeDialog } from './ExpectedTimeDialog';

/** Take into review with an expected time, approve, or reject with a reason the client will read: the steps the document's machine allows now. */
export function ReviewActions({ document, onReviewed }: { document: AdminVerification; onReviewed: () => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const actions = selectReviewActions(identityDocumentSnapshot(document.state));
  const form = useForm({ reason: '' }, (data) => rejectDocument(document.id, data.reason.trim()), onReviewed);
  const reasonId = `reason-${id}`;
  const reasonError = form.errors.reason?.[0];

  const approval = useMutation({ mutationFn: approveDocument, onSuccess: onReviewed }, queryClient);
  // Busy from the click until the queue has reloaded without this document.
  const approving = approval.isPending || approval.isSuccess;
  const approveError = approval.isError ? (messageOf(errorBody(approval.error)) ?? t`The document could not be approved. Please try again.`) : null;
  const approve = () => approval.mutate(document.id);

  if (rejecting) {
    return (
      <form className="reject-form" onSubmit={form.onSubmit} noValidate>
        <FormBanner message={form.message} />
        <div className="field">
          <label className="field-label" htmlFor={reasonId}>
            <Trans>Reason, shown to the client</Trans>
          </label>
          <textarea
            id={reasonId}
            name="reason"
            className="input textarea"
            rows={3}
            maxLength={REJECTION_REASON_MAX}
            value={form.data.reason}
            onChange={(event) => form.set('reason', event.target.value)}
            onKeyDown={() => form.actor.send({ type: 'form.keydown', field: 'reason' })}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            required
            autoFocus
          />
          {reasonError ? (
            <p id={`${reasonId}-error`} className="field-error" role="alert">
              <AlertIcon size={16} />
              <span>{reasonError}</span>
            </p>
          ) : null}
        </div>
        <div className="queue-actions">
          <SubmitButton busy={form.busy} block={false}>
            <Trans>Reject document</Trans>
          </SubmitButton>
          <button type="button" className="btn btn-ghost" onClick={() => setRejecting(false)} disabled={form.busy}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="review-actions">
      <FormBanner message={approveError} />
      {document.expected_at ? (
        <p className="field-hint">
          <Trans>Decision expected by {i18n.date(new Date(document.expected_at), { dateStyle: 'medium', timeStyle: 'short' })}</Trans>
        </p>
      ) : null}
      <div className="queue-actions">
        {actions.approve ? (
          <button type="button" className="btn btn-primary" onClick={approve} disabled={approving} aria-busy={approving}>
            {approving ? <span className="spinner" aria-hidden="true" /> : null}
            <Trans>Approve</Trans>
          </button>
        ) : null}
        {actions.reject ? (
          <button type="button" className="btn btn-secondary btn-danger" onClick={() => setRejecting(true)} disabled={approving}>
            <Trans>Reject…</Trans>
          </button>
        ) : null}
        {actions.review ? (
          <button type="button" className="btn btn-ghost" onClick={() => setReviewing(true)} disabled={approving}>
            {document.state === 'uploaded' ? <Trans>Take into review…</Trans> : <Trans>Expected time…</Trans>}
          </button>
        ) : null}
      </div>
      {reviewing ? (
        <ExpectedTimeDialog
          title={t`Review the document`}
          current={document.expected_at}
          onSubmit={(expectedAt) => reviewDocument(document.id, expectedAt)}
          onClose={() => setReviewing(false)}
          onDone={() => {
            setReviewing(false);
            onReviewed();
          }}
        />
      ) : null}
    </div>
  );
}
