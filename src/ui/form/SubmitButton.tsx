import type { ReactNode } from 'react';

/** Seed, section 5: the submit button is disabled while the form is busy. */
export function SubmitButton({ busy, children, block = true }: { busy: boolean; children: ReactNode; block?: boolean }) {
  return (
    <button type="submit" className={`btn btn-primary btn-lg${block ? ' btn-block' : ''}`} disabled={busy} aria-busy={busy}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
