import { useRef, type ReactNode } from 'react';
import { useHydrated, useSubmitPressedBeforeHydration } from '../../lib/hydrated';

interface SubmitButtonProps {
  busy: boolean;
  children: ReactNode;
  block?: boolean;
  /** A card's secondary save (account settings) is a normal-size secondary button. */
  variant?: 'primary' | 'secondary';
  /** Disabled for another reason than being busy, e.g. nothing changed yet. */
  disabled?: boolean;
}

/**
 * Seed, section 5: the submit button is disabled while the form is busy. On a prerendered page it
 * is disabled until the app has taken the form over: the browser's own submission would put the
 * fields in the address; an Enter pressed meanwhile submits the form once the app has it.
 */
export function SubmitButton({ busy, children, block = true, variant = 'primary', disabled = false }: SubmitButtonProps) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLButtonElement>(null);
  useSubmitPressedBeforeHydration(ref, hydrated);
  const look = variant === 'primary' ? 'btn btn-primary btn-lg' : 'btn btn-secondary';
  return (
    <button ref={ref} type="submit" className={`${look}${block ? ' btn-block' : ''}`} disabled={busy || disabled || !hydrated} aria-busy={busy}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
