import { createMemoryHistory } from '@tanstack/react-router';
import { render, waitFor } from '@testing-library/react';
import { App, navigateOnSignOut } from '../app';
import { createRuntime } from '../lib/runtime';
import { createAppRouter } from '../router';
import { settleBeforeCleanup } from './settle';

/** How long a test's end waits for a navigation still loading; under Vitest's 10 s hook limit. */
const SETTLE_MS = 5_000;

/**
 * The whole app at `path`, as `main.tsx` starts it, in memory history. `signedIn` sets the token
 * cookie first, so the session machine starts by fetching the user.
 *
 * A test may end as soon as the address changed, the screen still loading. Before the test's DOM
 * goes, the router finishes that navigation (waiting up to SETTLE_MS), then stops handing
 * anything to React: its pending-screen timer, or a load answering late, would otherwise call into
 * the unmounted app after the file's environment is gone ("window is not defined", pinned on
 * whichever file ran last).
 */
export function renderApp(path: string, { signedIn = false }: { signedIn?: boolean } = {}) {
  if (signedIn) document.cookie = 'token=tok; path=/';
  const runtime = createRuntime();
  const router = createAppRouter(runtime, createMemoryHistory({ initialEntries: [path] }));
  navigateOnSignOut(runtime, router);
  render(<App runtime={runtime} router={router} />);
  settleBeforeCleanup(async () => {
    await waitFor(
      () => {
        if (router.state.status !== 'idle' || router.state.isLoading) throw new Error('still loading');
      },
      { timeout: SETTLE_MS },
    ).catch(() => {});
    // The app unmounts next: whatever the router still does stays out of React.
    router.startTransition = () => Promise.resolve(false);
  });
  return { runtime, router };
}
