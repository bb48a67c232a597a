import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { SubmitButton } from './SubmitButton';

interface DialogActionsProps {
  busy: boolean;
  onCancel: () => void;
  /** The submit button's words: what the dialog does ("Add method", "Save changes"). */
  children: ReactNode;
  /** Keeps the dialog open while its request is on the way, where closing mid-way would hide the answer. */
  lockWhileBusy?: boolean;
  /** The submit is disabled for another reason than being busy (nothing to act on yet). */
  disabled?: boolean;
}

/** A form dialog's footer: Cancel, then the submit button that says what the dialog does. */
export function DialogActions({ busy, onCancel, children, lockWhileBusy = false, disabled }: DialogActionsProps) {
  return (
    <div className="form-actions">
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={lockWhileBusy ? busy : undefined}>
        <Trans>Cancel</Trans>
      </button>
      <SubmitButton busy={busy} block={false} disabled={disabled}>
        {children}
      </SubmitButton>
    </div>
  );
}
