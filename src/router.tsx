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

export function createAppRouter(runtime: Runtime, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { runtime, load },
    defaultPreload: 'intent',
    defaultViewTransition: true,
    scrollRestoration: false,
    // The screen being left stays until the next one is ready; the loader only after the same
    // delay as the request loader, so a quick navigation never blanks the page.
    defaultPendingMs: SHOW_DELAY_MS,
    defaultPendingComponent: LoadingState,
  });
  router.subscribe('onResolved', ({ toLocation, pathChanged, hrefChanged }) => {
    if (!pathChanged && !hrefChanged) return;
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
