/**
 * The guest screens rendered to HTML at build time (scripts/prerender.ts, docs/adr/0097): the same
 * runtime, router and app as the browser's, at a memory address, loaded as the browser loads them
 * before hydrating (src/main.tsx), so the markup is what the first client render produces.
 * And the signed-in frame (docs/adr/0109): the signed-in layout, loading, before the user is known.
 */
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Locale } from '../contract/locales';
import { App } from './app';
import { catalogueStep, localeStep } from './lib/guards';
import { i18n } from './lib/i18n';
import { createRuntime } from './lib/runtime';
import { RuntimeProvider } from './lib/runtime-context';
import { createAppRouter } from './router';
import { MainLayout } from './ui/layouts/MainLayout';

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

/**
 * The signed-in layout in `lang` as it shows while a screen loads: the navbar with its menu toggle
 * and sign-out, the sidebar's navigation with the profile's place held, the content's loader. Drawn
 * at the language's root, so no link is marked current. The server sends it for a signed-in
 * screen's address (server/http/page-shell.ts); the app replaces it once its first screen is ready.
 */
export async function renderSignedInFrame(lang: Locale): Promise<{ html: string }> {
  const runtime = createRuntime();
  const router = createAppRouter(runtime, createMemoryHistory({ initialEntries: [`/${lang}`] }));
  await localeStep(runtime, lang);
  await catalogueStep(runtime, 'app');
  const html = renderToString(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RuntimeProvider runtime={runtime}>
          <RouterContextProvider router={router}>
            <MainLayout frame />
          </RouterContextProvider>
        </RuntimeProvider>
      </I18nProvider>
    </StrictMode>,
  );
  for (const actor of Object.values(runtime)) actor.stop();
  return { html };
}
