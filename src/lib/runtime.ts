import { t } from '@lingui/core/macro';
import { createActor, fromPromise, type Actor, type InspectionEvent, type Observer } from 'xstate';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { localeMachine } from '../../machines/locale/locale.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import { themeMachine, type Theme } from '../../machines/theme/theme.machine';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contract/locales';
import { LOCALE_COOKIE, THEME_COOKIE } from '../../contract/theme';
import { showAlert } from './alerts';
import { COOKIE_DAYS, readCookie, removeCookie, writeCookie } from './cookies';
import { unlessPageLeft } from './page-leaving';
import { currentSocketId } from './socket-id';
import { setHttpHooks } from './http';
import { activateLocale, loadMessages } from './i18n';
import { fetchUser, revokeToken } from './session-api';

export const TOKEN_COOKIE = 'token';
export { LOCALE_COOKIE, THEME_COOKIE };

/**
 * The long-lived actors of the app, each a pure machine from machines/ with its effects
 * (cookies, HTTP, alerts, the document) injected here and nowhere else.
 */
export interface Runtime {
  session: Actor<typeof sessionMachine>;
  locale: Actor<typeof localeMachine>;
  theme: Actor<typeof themeMachine>;
  loader: Actor<typeof loaderMachine>;
}

export interface RuntimeOptions {
  /** Development only: the `inspect` observer for each long-lived actor (see src/dev/inspection). */
  inspect?: (name: keyof Runtime) => Observer<InspectionEvent> | undefined;
}

type Inspect = Observer<InspectionEvent> | undefined;

function createSession(inspect: Inspect) {
  const machine = sessionMachine.provide({
    actors: {
      // A request the browser ends because the page is being left is not the user failing to load.
      fetchUser: fromPromise(({ input }) => unlessPageLeft(fetchUser(input.token, { refresh: input.refresh }))),
      revokeToken: fromPromise(({ input }) => revokeToken(input.token)),
      confirmExpired: fromPromise(async () => {
        await showAlert({
          kind: 'session-expired',
          tone: 'warning',
          title: t({ id: 'token_expired_alert_title', message: 'Session expired' }),
          text: t({
            id: 'token_expired_alert_text',
            message: 'Your session has expired. Please sign in again to continue.',
          }),
          confirmLabel: t({ id: 'ok', message: 'OK' }),
          cancelLabel: t({ id: 'cancel', message: 'Cancel' }),
        });
      }),
    },
    actions: {
      persistToken: (_, params: { token: string; remember: boolean }) =>
        writeCookie(TOKEN_COOKIE, params.token, params.remember ? { days: COOKIE_DAYS } : {}),
      forgetToken: () => removeCookie(TOKEN_COOKIE),
    },
  });
  return createActor(machine, { input: { token: readCookie(TOKEN_COOKIE) ?? null }, inspect });
}

function createLocale(inspect: Inspect) {
  const machine = localeMachine.provide({
    actors: {
      loadMessages: fromPromise(({ input }: { input: { locale: Locale } }) => loadMessages(input.locale)),
    },
    actions: {
      activate: (_, params: { locale: Locale }) => activateLocale(params.locale),
      persistLocale: (_, params: { locale: Locale }) =>
        writeCookie(LOCALE_COOKIE, params.locale, { days: COOKIE_DAYS }),
      deleteLocaleCookie: () => removeCookie(LOCALE_COOKIE),
    },
  });
  return createActor(machine, {
    input: {
      locales: LOCALES,
      defaultLocale: DEFAULT_LOCALE,
      cookieLocale: readCookie(LOCALE_COOKIE),
      urlLocale: window.location.pathname.split('/')[1],
    },
    inspect,
  });
}

function createTheme(inspect: Inspect) {
  const machine = themeMachine.provide({
    actions: {
      applyTheme: (_, params: { theme: Theme }) => {
        const root = document.documentElement;
        const other = params.theme === 'dark-theme' ? 'light-theme' : 'dark-theme';
        const scheme = params.theme === 'dark-theme' ? 'dark' : 'light';
        // The server's page carries the theme already (server/http/page-shell.ts): touching the
        // root's classes then would change nothing but still have the browser restyle the whole
        // page (docs/adr/0110).
        if (root.classList.contains(params.theme) && !root.classList.contains(other) && root.style.colorScheme === scheme) return;
        root.classList.remove(other);
        root.classList.add(params.theme);
        root.style.colorScheme = scheme;
      },
      persistTheme: (_, params: { theme: Theme }) =>
        writeCookie(THEME_COOKIE, params.theme, { days: COOKIE_DAYS }),
    },
  });
  return createActor(machine, { input: { cookieTheme: readCookie(THEME_COOKIE) }, inspect });
}

export function createRuntime({ inspect }: RuntimeOptions = {}): Runtime {
  const runtime: Runtime = {
    session: createSession(inspect?.('session')),
    locale: createLocale(inspect?.('locale')),
    theme: createTheme(inspect?.('theme')),
    loader: createActor(loaderMachine, { inspect: inspect?.('loader') }),
  };

  setHttpHooks({
    getToken: () => runtime.session.getSnapshot().context.token,
    getLocale: () => runtime.locale.getSnapshot().context.locale,
    getSocketId: currentSocketId,
    requestStarted: () => runtime.loader.send({ type: 'loader.requestStarted' }),
    requestFinished: () => runtime.loader.send({ type: 'loader.requestFinished' }),
    unauthorized: () => runtime.session.send({ type: 'session.unauthorized' }),
    serverError: (error) => {
      void showAlert(
        error.html
          ? {
              kind: 'server-error',
              tone: 'error',
              title: t({ id: 'error_alert_title', message: 'Oops…' }),
              text: '',
              html: error.html,
              confirmLabel: t({ id: 'close', message: 'Close' }),
            }
          : {
              kind: 'server-error',
              tone: 'error',
              title: t({ id: 'error_alert_title', message: 'Oops…' }),
              text: t({ id: 'error_alert_text', message: 'Something went wrong! Please try again.' }),
              confirmLabel: t({ id: 'ok', message: 'OK' }),
              cancelLabel: t({ id: 'cancel', message: 'Cancel' }),
            },
      );
    },
  });

  runtime.theme.start();
  runtime.loader.start();
  runtime.locale.start();
  runtime.session.start();
  return runtime;
}
