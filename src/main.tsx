import '@fontsource-variable/inter/index.css';
import './ui/styles/tokens.css';
import './ui/styles/base.css';
import './ui/styles/components.css';
import './ui/styles/layout.css';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reloadOnceForChunkError } from './lib/chunk';
import { i18n } from './lib/i18n';
import { createRuntime } from './lib/runtime';
import { RuntimeProvider } from './lib/runtime-context';
import { createAppRouter } from './router';

const runtime = createRuntime();
const router = createAppRouter(runtime);

// Seed: sign-out (from the navbar, or after the expiry alert) ends on the login screen.
runtime.session.on('session.signedOut', (event) => {
  if (event.reason === 'invalid') return;
  const lang = runtime.locale.getSnapshot().context.locale;
  void router.navigate({ to: '/$lang/login', params: { lang } });
});

// A chunk that a new deploy removed: reload once to pick up the new build.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnceForChunkError();
});

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <RuntimeProvider runtime={runtime}>
        <RouterProvider router={router} />
      </RuntimeProvider>
    </I18nProvider>
  </StrictMode>,
);
