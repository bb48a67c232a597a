import type { Runtime } from './lib/runtime';
import type { Preloads } from './routes/-preloads';

/**
 * What every route's `beforeLoad` and `loader` receive. Its own file, so the root route
 * (`routes/__root.tsx`) need not import `router.tsx`, which imports the route tree.
 */
export interface RouterContext {
  runtime: Runtime;
  /** Runs a route loader's body from routes/-preloads.ts (with the query client), loaded on first use. */
  load: <K extends keyof Preloads>(name: K, ...input: Parameters<Preloads[K]>) => ReturnType<Preloads[K]>;
}
