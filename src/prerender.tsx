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

export async function renderPage(path: string): Promise<{ html: string }> {
  const runtime = createRuntime();
  const router = createAppRouter(runtime, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const html = renderToString(
    <StrictMode>
      <App runtime={runtime} router={router} />
    </StrictMode>,
  );
  for (const actor of Object.values(runtime)) actor.stop();
  return { html };
}
