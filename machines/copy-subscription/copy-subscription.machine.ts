import { setup } from 'xstate';

/**
 * Each event carries what its guard needs (docs/adr/0082: flat states, no context): amounts in minor
 * units of the copy account, as the server reads them when it asks.
 */
export type CopySubscriptionEvent =
  | { type: 'subscription.funded' }
  | { type: 'subscription.funding_failed'; reason: string }
  | { type: 'subscription.pause' }
  | { type: 'subscription.resume'; equity: number; floor: number | null }
  | { type: 'subscription.stop_loss'; equity: number; floor: number }
  | { type: 'subscription.set_stop_loss' }
  | { type: 'subscription.add_funds'; amount: number }
  | { type: 'subscription.withdraw'; amount: number; free_margin: number }
  | { type: 'subscription.unsubscribe' }
  | { type: 'subscription.closed' };

export type CopySubscriptionEventType = CopySubscriptionEvent['type'];

export const copySubscriptionEvents = {
  'subscription.funded': 'the transfer from the follower’s account reached the copy account: copying starts',
  'subscription.funding_failed': 'the transfer was refused (no money free): the subscription ends before it started, with the refusal',
  'subscription.pause': 'the follower pauses: new trades are not copied, open copies still follow the strategy’s closes',
  'subscription.resume': 'the follower resumes, only while equity is above the stop-loss floor (after a stop-loss: lower it or add funds first)',
  'subscription.stop_loss': 'equity reached the follower’s floor: the copy account’s positions are closed, copying pauses, the follower is told',
  'subscription.set_stop_loss': 'the follower sets, changes or removes the equity stop-loss (recorded, the state stays)',
  'subscription.add_funds': 'the follower moves more money into the copy account (recorded, the state stays)',
  'subscription.withdraw': 'the follower takes money out, fees settled first, at most the free margin (recorded, the state stays)',
  'subscription.unsubscribe': 'the follower leaves: positions close, fees are settled, the money goes back',
  'subscription.closed': 'everything is settled and returned: nothing more happens',
} as const satisfies Record<CopySubscriptionEventType, string>;

export const copySubscriptionEmitted = {} as const;

/** The steps that keep the state (recorded in the timeline): a self-transition, so `can()` answers them. */
const money = <S extends string>(state: S) =>
  ({
    'subscription.set_stop_loss': state,
    'subscription.add_funds': { guard: 'positiveAmount', target: state },
    'subscription.withdraw': { guard: 'withinFreeMargin', target: state },
  }) as const;

/**
 * A copy-trading subscription's life (docs/adr/0082, 0093). The state values are stored in
 * `copy_subscriptions.state`; the server resolves a row's state and asks this machine whether a step
 * is allowed and where it leads (server/services/lifecycle.ts), answering 409 when it is not; the app
 * asks the same to offer only the possible actions. Pure: no context, no actors, no delays.
 */
export const copySubscriptionMachine = setup({
  types: {
    events: {} as CopySubscriptionEvent,
  },
  guards: {
    hasReason: ({ event }) => event.type === 'subscription.funding_failed' && event.reason.trim() !== '',
    aboveFloor: ({ event }) => event.type === 'subscription.resume' && (event.floor === null || event.equity > event.floor),
    atFloor: ({ event }) => event.type === 'subscription.stop_loss' && event.equity <= event.floor,
    positiveAmount: ({ event }) => event.type === 'subscription.add_funds' && Number.isSafeInteger(event.amount) && event.amount > 0,
    withinFreeMargin: ({ event }) =>
      event.type === 'subscription.withdraw' && Number.isSafeInteger(event.amount) && event.amount > 0 && event.amount <= event.free_margin,
  },
}).createMachine({
  id: 'copySubscription',
  initial: 'funding',
  states: {
    funding: {
      on: {
        'subscription.funded': 'active',
        'subscription.funding_failed': { guard: 'hasReason', target: 'closed' },
      },
    },
    active: {
      on: {
        'subscription.pause': 'paused_by_follower',
        'subscription.stop_loss': { guard: 'atFloor', target: 'paused_stop_loss' },
        'subscription.unsubscribe': 'closing',
        ...money('active'),
      },
    },
    paused_by_follower: {
      on: {
        'subscription.resume': { guard: 'aboveFloor', target: 'active' },
        // Open copies stay open while paused, so the floor still protects them.
        'subscription.stop_loss': { guard: 'atFloor', target: 'paused_stop_loss' },
        'subscription.unsubscribe': 'closing',
        ...money('paused_by_follower'),
      },
    },
    paused_stop_loss: {
      on: {
        'subscription.resume': { guard: 'aboveFloor', target: 'active' },
        'subscription.unsubscribe': 'closing',
        ...money('paused_stop_loss'),
      },
    },
    closing: {
      on: { 'subscription.closed': 'closed' },
    },
    closed: { type: 'final' },
  },
});

export type CopySubscriptionMachine = typeof copySubscriptionMachine;
