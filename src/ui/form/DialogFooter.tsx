import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { SubmitButton } from './SubmitButton';

/** A form dialog's footer: Cancel (closes the dialog without saving) and the form's submit button. */
export function DialogFooter({ busy, onCancel, children }: { busy: boolean; onCancel: () => void; children: ReactNode }) {
  return (
    <div className="form-actions">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
      <SubmitButton busy={busy} block={false}>
        {children}
      </SubmitButton>
    </div>
  );
}
