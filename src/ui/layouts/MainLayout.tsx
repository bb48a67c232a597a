import { useLocation } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { selectIsLoading } from '../../../machines/loader/loader.selectors';
import { useRuntime } from '../../lib/runtime-context';
import { LoadingState } from '../LoadingState';
import { Navbar } from '../shell/Navbar';
import { MobileMenu, Sidebar } from '../shell/Sidebar';
import { MAIN_ID, SkipLink } from './SkipLink';

/**
 * Seed: navbar, sidebar (from 1280 px) and content. The content hides behind the loader while
 * requests are pending, except under /administration, where staff keep working during refreshes.
 * `overlay` sits on top (the route passes the live-chat widget, shown to clients only);
 * `navbarActions` go into the navbar (the notification bell). `frame`: the layout as the build
 * draws it for the server to send before the app and the user are there (renderSignedInFrame, src/prerender.tsx), loading.
 */
export function MainLayout({
  children,
  overlay,
  navbarActions,
  frame = false,
}: {
  children?: ReactNode;
  overlay?: ReactNode;
  navbarActions?: ReactNode;
  frame?: boolean;
}) {
  const { loader } = useRuntime();
  const loading = useSelector(loader, selectIsLoading) || frame;
  const { pathname } = useLocation();
  const hideContent = loading && !pathname.includes('/administration');
  return (
    <>
      <SkipLink />
      <Navbar menu={frame ? undefined : (close) => <MobileMenu onNavigate={close} />} actions={navbarActions} frame={frame} />
      <div className="main-layout">
        <Sidebar frame={frame} />
        <main id={MAIN_ID} className="content" tabIndex={-1} aria-busy={hideContent}>
          {hideContent ? <LoadingState /> : null}
          <div className="content-inner" hidden={hideContent}>
            {children}
          </div>
        </main>
      </div>
      {overlay}
    </>
  );
}
