import '@fontsource-variable/inter/index.css';
import './ui/styles/font-fallback.css';
import './ui/styles/tokens.css';
import './ui/styles/base.css';
import './ui/styles/components.css';
import './ui/styles/layout.css';
import './ui/styles/money.css';
import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { reloadOnceForChunkError } from './lib/chunk';
import { warmIntl } from './lib/intl-warm';
import { yieldToBrowser } from './lib/yield';

// A chunk that a new deploy removed, the start's shell and app below included: reload once
// to pick up the new build. The error is not prevented: when the reload is already spent, the import
// fails on, to the screen's error layout (prevented, the import would resolve to nothing and fail
// as a TypeError that names no chunk).
window.addEventListener('vite:preloadError', () => {
  reloadOnceForChunkError();
});

// Development only: the inspector panel (Ctrl+Alt+I) and, with ?inspect, Stately's inspector.
// The condition is false in a production build, so the bundler drops the import entirely.
const inspection = import.meta.env.DEV ? await import('./dev/inspection').then((dev) => dev.startInspection()) : undefined;
const container = document.getElementById('app')!;
// The signed-in frame (below): its screen writes dates and amounts, whose data a worker loads
// meanwhile, off the main thread (src/lib/intl-warm.ts).
if (container.hasAttribute('data-frame')) warmIntl(document.documentElement.lang);
// The start in steps, a task each (docs/adr/0110, 0120): the libraries (this module's imports), the
// app's shell with the machines' definitions, the long-lived actors, the app's modules (its router
// and route tree), the router, then the first load. In one task they blocked the page, a prerendered
// form already on screen, for 4 times their sum on a slow phone. The shell and the app are imported
// here, not above, so that each evaluates in a task of its own; the page preloads them with this
// module (scripts/start-preloads.ts), so importing them waits for no download.
await yieldToBrowser();
const { createRuntime } = await import('./lib/runtime');
await yieldToBrowser();
const runtime = createRuntime({ inspect: inspection?.inspect });
await yieldToBrowser();
const { App, createAppRouter, navigateOnSignOut } = await import('./app');
await yieldToBrowser();
const router = createAppRouter(runtime);
navigateOnSignOut(runtime, router);
await yieldToBrowser();

/**
 * Unmarks the signed-in frame in the commit that replaces it, before the browser paints: the page
 * is never the frame without its marks (inert, `data-frame`) nor the app with them.
 */
function FrameTakenOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    container.removeAttribute('data-frame');
    container.removeAttribute('inert');
  }, []);
  return children;
}

const app = (
  <StrictMode>
    <App runtime={runtime} router={router} />
  </StrictMode>
);
if (container.hasAttribute('data-frame')) {
  // The signed-in frame the server sent (docs/adr/0109): the layout, loading, drawn before any
  // script. It stays until the first screen is ready (its route, user, words and code), and React's
  // first commit replaces it whole, so the page goes from frame to screen without a blank between.
  // A load that throws still renders: the app then shows its error layout, not the frame forever.
  await router.load().catch(() => undefined);
  const root = createRoot(container);
  // As a transition, the first render yields to the browser between components (as hydration
  // does below) instead of one long task; the frame stays on screen, inert, until it commits.
  startTransition(() => {
    root.render(<FrameTakenOver>{app}</FrameTakenOver>);
  });
} else if (container.firstElementChild) {
  // A guest screen the server sent prerendered (scripts/prerender.ts): it shows already, and the
  // page requested these scripts only once it had painted (docs/adr/0106). Its route, words and
  // screen code load first, so the first render is the markup's, and React takes the page over
  // without redrawing it.
  await router.load();
  // The router then renders its matches as it did on the server (no outer Suspense boundary).
  router.ssr = { manifest: undefined };
  // As a transition, hydration yields to the browser between components instead of one long
  // task (a default-priority hydration is not time-sliced): the page answers input meanwhile.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}

