import { assign, setup } from 'xstate';

/** A navigation or request quicker than this never shows the loader, so the page does not blink. */
export const SHOW_DELAY_MS = 200;

export interface LoaderContext {
  /** Requests started and not yet finished; never below 0. */
  count: number;
}

export type LoaderEvent =
  | { type: 'loader.requestStarted' }
  | { type: 'loader.requestFinished' }
  | { type: 'loader.show' }
  | { type: 'loader.hide' };

export const loaderEvents = {
  'loader.requestStarted': 'a request that shows the loader started: count + 1, show if still pending after 200 ms',
  'loader.requestFinished': 'such a request finished (either way): count - 1 (never below 0), hide at 0',
  'loader.show': 'show the loader explicitly and at once; the count is unchanged',
  'loader.hide': 'hide the loader explicitly; the count is unchanged',
} as const satisfies Record<LoaderEvent['type'], string>;

export const loaderEmitted = {} as const satisfies Record<never, string>;

export const loaderMachine = setup({
  types: {
    context: {} as LoaderContext,
    events: {} as LoaderEvent,
  },
  actions: {
    increment: assign({ count: ({ context }) => context.count + 1 }),
    decrement: assign({ count: ({ context }) => Math.max(0, context.count - 1) }),
  },
  guards: {
    isLastRequest: ({ context }) => context.count <= 1,
  },
  delays: { SHOW_DELAY_MS },
}).createMachine({
  id: 'loader',
  context: { count: 0 },
  initial: 'hidden',
  states: {
    hidden: {
      on: {
        'loader.requestStarted': { target: 'pending', actions: 'increment' },
        'loader.requestFinished': { actions: 'decrement' },
        'loader.show': { target: 'visible' },
      },
    },
    // Requests are out, the page still shows what it showed: the loader waits for the delay.
    pending: {
      after: { SHOW_DELAY_MS: 'visible' },
      on: {
        'loader.requestStarted': { actions: 'increment' },
        'loader.requestFinished': [
          { guard: 'isLastRequest', target: 'hidden', actions: 'decrement' },
          { actions: 'decrement' },
        ],
        'loader.show': { target: 'visible' },
        'loader.hide': { target: 'hidden' },
      },
    },
    visible: {
      on: {
        'loader.requestStarted': { actions: 'increment' },
        'loader.requestFinished': [
          { guard: 'isLastRequest', target: 'hidden', actions: 'decrement' },
          { actions: 'decrement' },
        ],
        'loader.hide': { target: 'hidden' },
      },
    },
  },
});

export type LoaderMachine = typeof loaderMachine;
