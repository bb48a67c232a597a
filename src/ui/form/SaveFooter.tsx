import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { SubmitButton } from './SubmitButton';

interface SaveFooterProps {
  busy: boolean;
  saved: boolean;
  children?: ReactNode;
  /** What is announced once the save went through; "Saved." unless the action says more. */
  savedNote?: ReactNode;
  variant?: 'primary' | 'secondary';
  disabled?: boolean;
}

/** A settings form's footer: its save button, and a note announced once the save went through. */
export function SaveFooter({ busy, saved, children, savedNote, variant, disabled }: SaveFooterProps) {
  return (
    <div className="form-footer">
      <SubmitButton busy={busy} block={false} variant={variant} disabled={disabled}>
        {children ?? <Trans>Save changes</Trans>}
      </SubmitButton>
      {saved ? (
        <span className="saved-note" role="status">
          {savedNote ?? <Trans>Saved.</Trans>}
        </span>
      ) : null}
    </div>
  );
}
