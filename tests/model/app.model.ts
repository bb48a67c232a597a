import { assign, setup, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import type { Locale } from '../../contract/locales';
import type { Role } from '../../contract/user';
import type { MachineModel } from '../../machines/testing/model';

/**
 * The app as a user meets it: navigation and sign-in for a visitor, a client and an admin, in
 * each language, and a session that the server ends. A test model, not app code: its events are
 * what a user (or the server) does, each with a browser driver in `drivers.ts`, and each of its
 * states has an assertion there about what the user sees.
 */

export type { Role };

export interface AppContext {
  locale: Locale;
  role: Role | null;
  /** The visitor asked for a page that needs sign-in: signing in goes there instead of home. */
  intended: boolean;
  /** The server revoked the token; the app does not know until its next call. */
  revoked: boolean;
}

export type AppEvent =
  | { type: 'SIGN_IN'; role: Role }
  | { type: 'SIGN_OUT' }
  | { type: 'OPEN_SETTINGS' }
  | { type: 'OPEN_ADMINISTRATION' }
  | { type: 'GO_HOME' }
  | { type: 'CHANGE_LOCALE'; locale: Locale }
  | { type: 'SESSION_REVOKED' }
  | { type: 'CONFIRM_ALERT' };

export const appMachine = setup({
  types: { context: {} as AppContext, events: {} as AppEvent },
  guards: {
    hasIntended: ({ context }) => context.intended,
    isAdmin: ({ context }) => context.role === 'admin',
    isRevoked: ({ context }) => context.revoked,
    // One transition per language, so that covering the model means seeing every language.
    toEnglish: ({ event }) => event.type === 'CHANGE_LOCALE' && event.locale === 'en',
    toRussian: ({ event }) => event.type === 'CHANGE_LOCALE' && event.locale === 'ru',
    toUkrainian: ({ event }) => event.type === 'CHANGE_LOCALE' && event.locale === 'ua',
  },
  actions: {
    setLocale: assign({ locale: ({ event }) => (event.type === 'CHANGE_LOCALE' ? event.locale : 'en') }),
    signIn: assign({ role: ({ event }) => (event.type === 'SIGN_IN' ? event.role : null), intended: false }),
    signOut: assign({ role: null, revoked: false }),
  },
}).createMachine({
  id: 'app',
  context: { locale: 'en', role: null, intended: false, revoked: false },
  initial: 'visitor',
  on: {
    CHANGE_LOCALE: [
      { guard: 'toEnglish', actions: 'setLocale' },
      { guard: 'toRussian', actions: 'setLocale' },
      { guard: 'toUkrainian', actions: 'setLocale' },
    ],
  },
  states: {
    /** On the sign-in screen. */
    visitor: {
      on: {
        SIGN_IN: [
          { guard: 'hasIntended', target: 'signedIn.settings', actions: 'signIn' },
          { target: 'signedIn.home', actions: 'signIn' },
        ],
        // By its address: the guard sends the visitor to sign in and remembers the page.
        OPEN_SETTINGS: { actions: assign({ intended: true }) },
      },
    },
    signedIn: {
      initial: 'home',
      on: {
        SIGN_OUT: { target: 'visitor', actions: 'signOut' },
        SESSION_REVOKED: { actions: assign({ revoked: true }) },
        // Settings fetch the user afresh: the first call that meets the revoked token.
        OPEN_SETTINGS: [{ guard: 'isRevoked', target: 'sessionExpired' }, { target: '.settings' }],
        GO_HOME: '.home',
        // A client who types the address is sent home.
        OPEN_ADMINISTRATION: [{ guard: 'isAdmin', target: '.administration' }, { target: '.home' }],
      },
      states: {
        home: {},
        settings: {},
        administration: {},
      },
    },
    /** The token-expired alert over the page; confirming it signs out. */
    sessionExpired: {
      on: { CONFIRM_ALERT: { target: 'visitor', actions: 'signOut' } },
    },
  },
});

export type AppSnapshot = SnapshotFrom<typeof appMachine>;

/** `signedIn.home` for `{ signedIn: 'home' }`: a dotted name for every leaf state. */
type Leaves<V> = V extends string ? V : { [K in keyof V & string]: `${K}.${Leaves<V[K]>}` }[keyof V & string];
export type AppView = Leaves<AppSnapshot['value']>;

export function viewOf(snapshot: AnyMachineSnapshot): AppView {
  const value = snapshot.value as AppSnapshot['value'];
  return (typeof value === 'string' ? value : `signedIn.${value.signedIn}`) as AppView;
}

const ALL_EVENTS: AppEvent[] = [
  { type: 'SIGN_IN', role: 'client' },
  { type: 'SIGN_IN', role: 'admin' },
  { type: 'SIGN_OUT' },
  { type: 'OPEN_SETTINGS' },
  { type: 'OPEN_ADMINISTRATION' },
  { type: 'GO_HOME' },
  { type: 'CHANGE_LOCALE', locale: 'ru' },
  { type: 'CHANGE_LOCALE', locale: 'ua' },
  { type: 'CHANGE_LOCALE', locale: 'en' },
  { type: 'SESSION_REVOKED' },
  { type: 'CONFIRM_ALERT' },
];

/**
 * What a user can do where, beyond what the chart allows. With the token revoked the path
 * goes straight to the next call (settings) or signs out: any other step would be a call of
 * its own, or a page load that quietly drops the stale token, and the model would have to
 * know every screen's calls.
 */
function canDo(snapshot: AnyMachineSnapshot, event: AppEvent): boolean {
  const context = snapshot.context as AppContext;
  const view = viewOf(snapshot);
  switch (event.type) {
    case 'CHANGE_LOCALE':
      return event.locale !== context.locale && !context.revoked && view !== 'sessionExpired';
    case 'OPEN_SETTINGS':
      return view !== 'signedIn.settings';
    case 'GO_HOME':
      return view !== 'signedIn.home' && !context.revoked;
    case 'OPEN_ADMINISTRATION':
      return view !== 'signedIn.administration' && !context.revoked;
    case 'SESSION_REVOKED':
      // Revoked where a next call can follow (settings keeps its screen mounted, so no new call).
      return !context.revoked && view !== 'signedIn.settings';
    default:
      return true;
  }
}

export const appModel: MachineModel = {
  machine: appMachine,
  inputs: [undefined],
  events: ALL_EVENTS,
  serialize: (snapshot) => JSON.stringify({ value: snapshot.value, ...(snapshot.context as AppContext) }),
  limit: 5_000,
  filterEvents: (snapshot, event) => canDo(snapshot, event as AppEvent),
};
