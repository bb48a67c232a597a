import type { ReactNode } from 'react';
import { Navbar } from '../shell/Navbar';
import { MAIN_ID, SkipLink } from './SkipLink';

/** Seed: navbar and content. Used by the guest screens (sign-in, registration, recovery). */
export function BasicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Navbar />
      <main id={MAIN_ID} className="basic-layout" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
