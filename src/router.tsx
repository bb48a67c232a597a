import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { SHOW_DELAY_MS } from '../machines/loader/loader.machine';
import { routeTree } from './routeTree.gen';
import { LoadingState } from './ui/LoadingState';
import type { Runtime } from './lib/runtime';

export interface RouterContext {
  runtime: Runtime;
  /** The query cache (src/data/query-client.ts), loaded on first use so the sign-in path goes without it. */
  queryClient: () => Promise<QueryClient>;
}

const loadQueryClient = () => import('./data/query-client').then((m) => m.queryClient);

/** Seed: after navigation, scroll to the top after 190 ms, or to the hash target. */
export const SCROLL_DELAY_MS = 190;

export function createAppRouter(runtime: Runtime, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { runtime, queryClient: loadQueryClient },
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
