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
 * draws it for the server to send before the app is there (renderSignedInFrame, src/prerender.tsx),
 * loading; its `children` are what of the screen the server can already draw (above the loader).
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
          {frame && children ? (
            // The frame's head of the screen (the home screen's greeting: docs/adr/0112) where the
            // screen will draw it, with the loader under it until the app takes over.
            <div className="content-inner">
              {children}
              <LoadingState />
            </div>
          ) : (
            <>
              {hideContent ? <LoadingState /> : null}
              <div className="content-inner" hidden={hideContent}>
                {children}
              </div>
            </>
          )}
        </main>
      </div>
      {overlay}
    </>
  );
}
