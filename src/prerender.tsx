/**
 * The guest screens rendered to HTML at build time (scripts/prerender.ts, docs/adr/0097): the same
 * runtime, router and app as the browser's, at a memory address, loaded as the browser loads them
 * before hydrating (src/main.tsx), so the markup is what the first client render produces.
 * And the signed-in frame (docs/adr/0109, 0112): the signed-in layout, loading, for the server to send
 * a signed-in visitor before the app runs.
 */
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import type { DayPart } from '../contract/greeting';
import type { Locale } from '../contract/locales';
import { frameSlot, type FrameRole } from '../contract/signed-in-frame';
import type { User } from '../contract/user';
import { sessionMachine } from '../machines/session/session.machine';
import { createActor, fromPromise, waitFor } from 'xstate';
import { App } from './app';
import { queryClient } from './data/query-client';
import { greet, HomeHead } from './features/home';
import { screenCatalogueGroup } from './lib/catalogue-groups';
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

/** The user a frame with slots is drawn for: each field the marker the server fills (contract/signed-in-frame.ts). */
function slotUser(role: FrameRole): User {
  return {
    id: 0,
    first_name: frameSlot('first_name'),
    second_name: frameSlot('second_name'),
    email: frameSlot('email'),
    email_verified_at: null,
    roles: role === 'staff' ? ['admin'] : ['client'],
    role: role === 'staff' ? 'admin' : 'client',
    created_at: SLOT_USER_SINCE,
  };
}

/** The slot user's join date: the build finds its written form and leaves the member-since slot there. */
const SLOT_USER_SINCE = '2001-02-03T12:00:00.000Z';

export interface SignedInFrame {
  html: string;
  /** The home greeting for each part of the day, the first name's slot in it. */
  greetings: Record<DayPart, string>;
  /** The slot user's join date as the home head writes it. */
  memberSince: string;
}

/**
 * The signed-in layout in `lang` as it shows while a screen loads: the navbar with its menu toggle
 * and sign-out, the sidebar's navigation, the content's loader. Drawn at the language's root, so no
 * link is marked current. The server sends it for a signed-in screen's address
 * (server/http/page-shell.ts); the app replaces it once its first screen is ready.
 * Without `role`, before the user is known: a client's navigation, the profile's place held (0109).
 * With it, for that role's slot user: the profile and the role's navigation, and with `home` the home
 * screen's head above the loader, for the server to fill with the visitor's own values (0112).
 */
export async function renderSignedInFrame(lang: Locale, { role, home = false }: { role?: FrameRole; home?: boolean } = {}): Promise<SignedInFrame> {
  const runtime = createRuntime();
  const router = createAppRouter(runtime, createMemoryHistory({ initialEntries: [`/${lang}`] }));
  await localeStep(runtime, lang);
  await catalogueStep(runtime, 'app');
  if (home) await catalogueStep(runtime, screenCatalogueGroup('app', `/${lang}/home`));
  let session = runtime.session;
  const user = role ? slotUser(role) : null;
  if (user) {
    session = createActor(sessionMachine.provide({ actors: { fetchUser: fromPromise(async () => user) } }), { input: { token: 'frame' } }).start();
    await waitFor(session, (snapshot) => snapshot.matches('signedIn'));
  }
  // Rendered to completion: the sidebar's support card holds a lazy sentence (SupportHoursLine),
  // and renderToString, which cannot wait for it, wrote React's "switched to client rendering"
  // message with its component stack (the build machine's paths) into the page whenever its chunk
  // had not loaded yet.
  const { prelude } = await prerender(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RuntimeProvider runtime={{ ...runtime, session }}>
          <RouterContextProvider router={router}>
            <MainLayout frame>{home && user ? <HomeHead user={user} isAdmin={role === 'staff'} /> : null}</MainLayout>
          </RouterContextProvider>
        </RuntimeProvider>
      </I18nProvider>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  for (const actor of [...Object.values(runtime), session]) actor.stop();
  const greeting = (part: DayPart) => greet(i18n, part, frameSlot('first_name'));
  return {
    html,
    greetings: { morning: greeting('morning'), afternoon: greeting('afternoon'), evening: greeting('evening') },
    memberSince: i18n.date(new Date(SLOT_USER_SINCE), { dateStyle: 'long' }),
  };
}

/**
 * Ends what the renders left running, so the build's process exits when its work is done: TanStack
 * Query keeps each query it was asked for (the signed-in frame's) for five minutes after its last
 * use, on a timer, and that timer alone kept `npm run build` waiting five minutes.
 */
export function finish(): void {
  queryClient.clear();
}
