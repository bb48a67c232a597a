import { assign, emit, fromPromise, setup } from 'xstate';
import type { OAuthErrorCode } from '../../contract/oauth';

export interface ProviderRef {
  id: string;
  name: string;
}

/** How the popup ended, as the injected `authorize` actor reports it (it never throws for these). */
export type PopupOutcome =
  | { kind: 'token'; token: string; expiresIn: number }
  | { kind: 'linked'; provider: string }
  | { kind: 'refused'; error: OAuthErrorCode }
  | { kind: 'blocked' }
  | { kind: 'closed' };

/** What the person is told: the server's refusal, or what went wrong on this side. */
export type OAuthFailure = OAuthErrorCode | 'popup_blocked' | 'start_failed' | 'sign_in_failed';

export interface OAuthContext {
  /** The provider of the attempt in progress or just ended. */
  provider: ProviderRef | null;
  failure: OAuthFailure | null;
  /** Set after a successful linking (settings). */
  linked: string | null;
}

export type OAuthEvent = { type: 'oauth.start'; provider: ProviderRef } | { type: 'oauth.dismiss' };

export type OAuthEmitted = { type: 'oauth.linked'; provider: string };

export const oauthEvents = {
  'oauth.start': 'a provider button was pressed: open the popup and wait for it (ignored while busy)',
  'oauth.dismiss': 'forget the last failure or success notice',
} as const satisfies Record<OAuthEvent['type'], string>;

export const oauthEmitted = {
  'oauth.linked': 'the provider was linked to the signed-in account; carries its id',
} as const satisfies Record<OAuthEmitted['type'], string>;

/**
 * Sign-in (or linking) through an OAuth popup. `authorize` opens the popup and reports how it
 * ended; `signIn` hands a token to the session. Both are injected: no window, no HTTP here.
 */
export const oauthMachine = setup({
  types: {
    context: {} as OAuthContext,
    events: {} as OAuthEvent,
    emitted: {} as OAuthEmitted,
    tags: {} as 'busy',
  },
  actors: {
    authorize: fromPromise<PopupOutcome, { provider: ProviderRef }>(async () => {
      throw new Error('authorize not provided');
    }),
    signIn: fromPromise<void, { token: string; expiresIn: number }>(async () => {
      throw new Error('signIn not provided');
    }),
  },
  actions: {
    begin: assign((_, params: { provider: ProviderRef }) => ({ provider: params.provider, failure: null, linked: null })),
    fail: assign({ failure: (_, params: { failure: OAuthFailure }) => params.failure }),
    markLinked: assign({ linked: (_, params: { provider: string }) => params.provider }),
    dismiss: assign({ failure: null, linked: null }),
    emitLinked: emit((_, params: { provider: string }) => ({ type: 'oauth.linked' as const, provider: params.provider })),
  },
  guards: {
    gaveToken: (_, params: { outcome: PopupOutcome }) => params.outcome.kind === 'token',
    linked: (_, params: { outcome: PopupOutcome }) => params.outcome.kind === 'linked',
    closed: (_, params: { outcome: PopupOutcome }) => params.outcome.kind === 'closed',
  },
}).createMachine({
  id: 'oauth',
  context: { provider: null, failure: null, linked: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'oauth.start': {
          target: 'authorizing',
          actions: { type: 'begin', params: ({ event }) => ({ provider: event.provider }) },
        },
        'oauth.dismiss': { actions: 'dismiss' },
      },
    },
    authorizing: {
      tags: ['busy'],
      invoke: {
        id: 'authorize',
        src: 'authorize',
        input: ({ context }) => ({ provider: context.provider! }),
        onDone: [
          { guard: { type: 'gaveToken', params: ({ event }) => ({ outcome: event.output }) }, target: 'signingIn' },
          {
            guard: { type: 'linked', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: [
              { type: 'markLinked', params: ({ event }) => ({ provider: (event.output as { provider: string }).provider }) },
              { type: 'emitLinked', params: ({ event }) => ({ provider: (event.output as { provider: string }).provider }) },
            ],
          },
          // The person closed the popup: nothing to say.
          { guard: { type: 'closed', params: ({ event }) => ({ outcome: event.output }) }, target: 'idle' },
          {
            target: 'idle',
            actions: {
              type: 'fail',
              params: ({ event }) => ({
                failure: event.output.kind === 'refused' ? event.output.error : ('popup_blocked' as const),
              }),
            },
          },
        ],
        onError: { target: 'idle', actions: { type: 'fail', params: { failure: 'start_failed' } } },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          const outcome = (event as unknown as { output: Extract<PopupOutcome, { kind: 'token' }> }).output;
          return { token: outcome.token, expiresIn: outcome.expiresIn };
        },
        onDone: { target: 'signedIn' },
        onError: { target: 'idle', actions: { type: 'fail', params: { failure: 'sign_in_failed' } } },
      },
    },
    signedIn: { type: 'final' },
  },
});

export type OAuthMachine = typeof oauthMachine;
