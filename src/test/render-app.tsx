import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App, navigateOnSignOut } from '../app';
import { createRuntime } from '../lib/runtime';
import { createAppRouter } from '../router';

/**
 * The whole app at `path`, as `main.tsx` starts it, in memory history. `signedIn` sets the token
 * cookie first, so the session machine starts by fetching the user.
 */
export function renderApp(path: string, { signedIn = false }: { signedIn?: boolean } = {}) {
  if (signedIn) document.cookie = 'token=tok; path=/';
  const runtime = createRuntime();
  const router = createAppRouter(runtime, createMemoryHistory({ initialEntries: [path] }));
  navigateOnSignOut(runtime, router);
  render(<App runtime={runtime} router={router} />);
  return { runtime, router };
}
