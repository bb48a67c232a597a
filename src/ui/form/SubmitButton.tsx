import type { ReactNode } from 'react';

interface SubmitButtonProps {
  busy: boolean;
  children: ReactNode;
  block?: boolean;
  /** A card's secondary save (account settings) is a normal-size secondary button. */
  variant?: 'primary' | 'secondary';
  /** Disabled for another reason than being busy, e.g. nothing changed yet. */
  disabled?: boolean;
}

/** Seed, section 5: the submit button is disabled while the form is busy. */
export function SubmitButton({ busy, children, block = true, variant = 'primary', disabled = false }: SubmitButtonProps) {
  const look = variant === 'primary' ? 'btn btn-primary btn-lg' : 'btn btn-secondary';
  return (
    <button type="submit" className={`${look}${block ? ' btn-block' : ''}`} disabled={busy || disabled} aria-busy={busy}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
