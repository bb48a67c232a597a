import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { SHOW_DELAY_MS } from '../machines/loader/loader.machine';
import { routeTree } from './routeTree.gen';
import { LoadingState } from './ui/LoadingState';
import type { Runtime } from './lib/runtime';
import type { RouterContext } from './router-context';

const load: RouterContext['load'] = (name, ...input) =>
  import('./routes/-preloads').then((m) => (m.PRELOADS[name] as (...args: unknown[]) => unknown)(...input)) as never;

/** Seed: after navigation, scroll to the top after 190 ms, or to the hash target. */
export const SCROLL_DELAY_MS = 190;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function createAppRouter(runtime: Runtime, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { runtime, load },
    defaultPreload: 'intent',
    // Route changes fade out and in; not the first screen (nothing to fade from, and a click in
    // its first tenth of a second would land on the transition, not the page), and not for anyone
    // who asked their system for less motion.
    defaultViewTransition: {
      types: ({ fromLocation }) => (fromLocation && !prefersReducedMotion() ? [] : false),
    },
    scrollRestoration: false,
    // The screen being left stays until the next one is ready; the loader only after the same
    // delay as the request loader, so a quick navigation never blanks the page.
    defaultPendingMs: SHOW_DELAY_MS,
    defaultPendingComponent: LoadingState,
  });
  router.subscribe('onResolved', ({ fromLocation, toLocation, pathChanged, hrefChanged }) => {
    if (!pathChanged && !hrefChanged) return;
    // The first screen opens at the top already: a later jump would take away whatever the
    // visitor scrolled to meanwhile. Its hash target is still brought into view.
    if (!fromLocation && !toLocation.hash) return;
    setTimeout(() => {
      // The document may be gone by then (a test environment torn down after its last navigation).
      if (typeof document === 'undefined') return;
      const target = toLocation.hash ? document.getElementById(toLocation.hash) : null;
      if (target) target.scrollIntoView({ behavior: 'smooth' });
      else window.scrollTo({ top: 0 });
    }, SCROLL_DELAY_MS);
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
