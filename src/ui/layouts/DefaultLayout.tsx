import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { APP_NAME, Navbar } from '../shell/Navbar';
import { MAIN_ID, SkipLink } from './SkipLink';

/** Navbar, full-width content and a footer (the welcome page). */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const year = new Date().getFullYear();
  return (
    <>
      <SkipLink />
      <Navbar />
      <div className="default-layout">
        <main id={MAIN_ID} tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          <Trans>
            © {year} {APP_NAME}. Trading involves risk. Past performance is not a guarantee of future results.
          </Trans>
        </footer>
      </div>
    </>
  );
}
