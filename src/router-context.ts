import type { Runtime } from './lib/runtime';

/**
 * What every route's `beforeLoad` and `loader` receive. Its own file, so the root route
 * (`routes/__root.tsx`) need not import `router.tsx`, which imports the route tree.
 */
export interface RouterContext {
  runtime: Runtime;
}
