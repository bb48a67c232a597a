import type { ReactNode } from 'react';
import { MAIN_ID } from './SkipLink';

/** No chrome at all: pages that stand alone (pop-up windows, printable views). */
export function ClearLayout({ children }: { children: ReactNode }) {
  return (
    <main id={MAIN_ID} className="clear-layout" tabIndex={-1}>
      {children}
    </main>
  );
}
