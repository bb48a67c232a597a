import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { SubmitButton } from './SubmitButton';

/** A settings form's footer: its save button, and "Saved." announced once the save went through. */
export function SaveFooter({ busy, saved, children }: { busy: boolean; saved: boolean; children?: ReactNode }) {
  return (
    <div className="form-footer">
      <SubmitButton busy={busy} block={false}>
        {children ?? <Trans>Save changes</Trans>}
      </SubmitButton>
      {saved ? (
        <span className="saved-note" role="status">
          <Trans>Saved.</Trans>
        </span>
      ) : null}
    </div>
  );
}
