import { assign, emit, fromPromise, setup } from 'xstate';
import type { User } from '../../contract/user';

export interface SessionInput {
  token: string | null;
}

export type SignOutReason = 'logout' | 'expired' | 'invalid';

export interface SessionContext {
  token: string | null;
  user: User | null;
  /** Why the last sign-out happened (or the current one is happening). */
  signOutReason: SignOutReason | null;
}

export type SessionEvent =
  | { type: 'session.tokenSaved'; token: string; remember: boolean }
  | { type: 'session.userUpdated'; user: User }
  | { type: 'session.refresh' }
  | { type: 'session.logout' }
  | { type: 'session.unauthorized' };

export type SessionEmitted =
  | { type: 'session.signedIn'; user: User }
  | { type: 'session.signedOut'; reason: SignOutReason };

/** One line per event the machine accepts; `satisfies` makes a new event without a line fail to compile. */
export const sessionEvents = {
  'session.tokenSaved': 'a login or registration returned a token: store it (cookie) and fetch the user',
  'session.userUpdated': 'the profile changed: replace the stored user (signedIn only)',
  'session.refresh': 'fetch the user again with the current token (signedIn only)',
  'session.logout': 'sign out: revoke the token on the server, then clear the session',
  'session.unauthorized': 'any call answered 401: show the token-expired alert once, then sign out',
} as const satisfies Record<SessionEvent['type'], string>;

export const sessionEmitted = {
  'session.signedIn': 'entering signedIn; carries the user',
  'session.signedOut': "arriving in signedOut; reason 'logout' | 'expired' | 'invalid' (the app navigates to login)",
} as const satisfies Record<SessionEmitted['type'], string>;

export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    tags: {} as 'guest' | 'resolving' | 'authenticated',
  },
  actors: {
    /** `refresh`: the user is already signed in, so a 401 means the session expired (not a stale cookie). */
    fetchUser: fromPromise<User, { token: string; refresh: boolean }>(async () => {
      throw new Error('fetchUser not provided');
    }),
    revokeToken: fromPromise<void, { token: string }>(async () => {
      throw new Error('revokeToken not provided');
    }),
    confirmExpired: fromPromise<void, void>(async () => {
      throw new Error('confirmExpired not provided');
    }),
  },
  actions: {
    persistToken: (_, _params: { token: string; remember: boolean }) => {},
    forgetToken: () => {},
    /** A new token may belong to someone else, so the old user goes with the old token. */
    saveToken: assign((_, params: { token: string }) => ({ token: params.token, user: null })),
    storeUser: assign({ user: (_, params: { user: User }) => params.user }),
    markReason: assign({ signOutReason: (_, params: { reason: SignOutReason }) => params.reason }),
    clearSession: assign({ token: null, user: null }),
    emitSignedIn: emit(({ context }) => ({ type: 'session.signedIn' as const, user: context.user as User })),
    emitSignedOut: emit((_, params: { reason: SignOutReason }) => ({
      type: 'session.signedOut' as const,
      reason: params.reason,
    })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    /** A user is held: this fetch is a refresh of a signed-in session, not a sign-in. */
    isRefresh: ({ context }) => context.user !== null,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: input.token, user: null, signOutReason: null }),
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'hasToken', target: 'fetchingUser' }, { target: 'signedOut' }],
    },
    signedOut: {
      tags: ['guest'],
      on: {
        'session.tokenSaved': {
          target: 'fetchingUser',
          actions: [
            { type: 'saveToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'persistToken', params: ({ event }) => ({ token: event.token, remember: event.remember }) },
          ],
        },
      },
    },
    fetchingUser: {
      tags: ['resolving'],
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        input: ({ context }) => ({ token: context.token ?? '', refresh: context.user !== null }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: [
          // A refresh that fails for another reason than a 401 (which arrives as
          // session.unauthorized) keeps the session and the user it already holds.
          { guard: 'isRefresh', target: 'signedIn' },
          {
            target: 'signedOut',
            actions: [
              'clearSession',
              'forgetToken',
              { type: 'markReason', params: { reason: 'invalid' } },
              { type: 'emitSignedOut', params: { reason: 'invalid' } },
            ],
          },
        ],
      },
      on: {
        'session.logout': {
          target: 'signingOut',
          actions: { type: 'markReason', params: { reason: 'logout' } },
        },
        'session.unauthorized': {
          target: 'expired',
          actions: { type: 'markReason', params: { reason: 'expired' } },
        },
      },
    },
    signedIn: {
      tags: ['authenticated'],
      entry: 'emitSignedIn',
      on: {
        'session.tokenSaved': {
          target: 'fetchingUser',
          actions: [
            { type: 'saveToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'persistToken', params: ({ event }) => ({ token: event.token, remember: event.remember }) },
          ],
        },
        'session.userUpdated': {
          actions: { type: 'storeUser', params: ({ event }) => ({ user: event.user }) },
        },
        'session.refresh': { target: 'fetchingUser' },
        'session.logout': {
          target: 'signingOut',
          actions: { type: 'markReason', params: { reason: 'logout' } },
        },
        'session.unauthorized': {
          target: 'expired',
          actions: { type: 'markReason', params: { reason: 'expired' } },
        },
      },
    },
    expired: {
      tags: ['resolving'],
      invoke: {
        id: 'confirmExpired',
        src: 'confirmExpired',
        // The alert failing to show must not keep a dead token around.
        onDone: { target: 'signingOut' },
        onError: { target: 'signingOut' },
      },
    },
    signingOut: {
      tags: ['resolving'],
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'signedOut',
          actions: [
            'clearSession',
            'forgetToken',
            { type: 'emitSignedOut', params: ({ context }) => ({ reason: context.signOutReason ?? 'logout' }) },
          ],
        },
        // The server refusing the logout changes nothing locally: the session ends regardless.
        onError: {
          target: 'signedOut',
          actions: [
            'clearSession',
            'forgetToken',
            { type: 'emitSignedOut', params: ({ context }) => ({ reason: context.signOutReason ?? 'logout' }) },
          ],
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
