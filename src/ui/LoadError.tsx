import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { AlertIcon } from './icons/AlertIcon';

/** What a screen shows when its data could not be loaded: why, and a way to try again. */
export function LoadError({
  children,
  onRetry,
  retrying = false,
  className,
}: {
  children: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <div className={['banner banner-error', className].filter(Boolean).join(' ')} role="alert">
      <AlertIcon size={18} />
      <span>{children}</span>
      <button type="button" className="btn btn-secondary" onClick={onRetry} disabled={retrying}>
        {t`Try again`}
      </button>
    </div>
  );
}
