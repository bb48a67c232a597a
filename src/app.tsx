import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { i18n } from './lib/i18n';
import type { Runtime } from './lib/runtime';
import { closeSocket } from './lib/socket-id';
import { RuntimeProvider } from './lib/runtime-context';
import type { AppRouter } from './router';

// The start (src/main.tsx) takes the router from here: the app's component, its sign-out navigation
// and its routes are one step of the start, one import and one chunk (docs/adr/0120).
export { createAppRouter } from './router';

/**
 * Seed: sign-out (from the navbar, or after the expiry alert) ends on the login screen. The
 * realtime socket belongs to the signed-in user: it closes here, and only here (src/lib/realtime.ts).
 */
export function navigateOnSignOut(runtime: Runtime, router: AppRouter): () => void {
  const subscription = runtime.session.on('session.signedOut', (event) => {
    closeSocket();
    if (event.reason === 'invalid') return;
    const lang = runtime.locale.getSnapshot().context.locale;
    void router.navigate({ to: '/$lang/login', params: { lang } });
  });
  return () => subscription.unsubscribe();
}

export function App({ runtime, router }: { runtime: Runtime; router: AppRouter }) {
  return (
    <I18nProvider i18n={i18n}>
      <RuntimeProvider runtime={runtime}>
        <RouterProvider router={router} />
      </RuntimeProvider>
    </I18nProvider>
  );
}
