import { createMemoryHistory } from '@tanstack/react-router';
import { render, waitFor } from '@testing-library/react';
import { App, navigateOnSignOut } from '../app';
import { createRuntime } from '../lib/runtime';
import { createAppRouter } from '../router';
import { settleBeforeCleanup } from './settle';

/**
 * The whole app at `path`, as `main.tsx` starts it, in memory history. `signedIn` sets the token
 * cookie first, so the session machine starts by fetching the user. Before the test's DOM goes,
 * the router finishes the navigation it is on (a test may end as soon as the address changed).
 */
export function renderApp(path: string, { signedIn = false }: { signedIn?: boolean } = {}) {
  if (signedIn) document.cookie = 'token=tok; path=/';
  const runtime = createRuntime();
  const router = createAppRouter(runtime, createMemoryHistory({ initialEntries: [path] }));
  navigateOnSignOut(runtime, router);
  render(<App runtime={runtime} router={router} />);
  settleBeforeCleanup(() =>
    waitFor(() => {
      if (router.state.status !== 'idle' || router.state.isLoading) throw new Error(`the router is still loading ${router.state.location.pathname}`);
    }),
  );
  return { runtime, router };
}
