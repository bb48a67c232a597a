/**
 * The guest screens rendered to HTML at build time (scripts/prerender.ts, docs/adr/0097): the same
 * runtime, router and app as the browser's, at a memory address, loaded as the browser loads them
 * before hydrating (src/main.tsx), so the markup is what the first client render produces.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app';
import { createRuntime } from './lib/runtime';
import { createAppRouter } from './router';

/** The page's markup, and the ids of the routes it matched, parent first (the build inlines their screens' styles: scripts/prerender-styles.ts). */
export async function renderPage(path: string): Promise<{ html: string; routeIds: string[] }> {
  const runtime = createRuntime();
  const router = createAppRouter(runtime, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const html = renderToString(
    <StrictMode>
      <App runtime={runtime} router={router} />
    </StrictMode>,
  );
  const routeIds = router.state.matches.map((match) => match.routeId as string);
  for (const actor of Object.values(runtime)) actor.stop();
  return { html, routeIds };
}
