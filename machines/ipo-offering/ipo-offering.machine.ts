import { setup } from 'xstate';
import type { IpoOfferingState } from '../../contract/ipo';

/**
 * Each event carries what its guard needs (docs/adr/0082: flat states, no context): `at` is when the
 * step is asked for (the server's clock), the offering's own times and, for the allocation, how
 * many applications still wait for a reconfirmation.
 */
export type IpoOfferingEvent =
  | { type: 'offering.edit' }
  | { type: 'offering.announce' }
  | { type: 'offering.open'; at: string; opens_at: string }
  | { type: 'offering.close' }
  | { type: 'offering.price'; price: number }
  | { type: 'offering.allocate'; at: string; reconfirm_until: string | null; awaiting: number }
  | { type: 'offering.list' }
  | { type: 'offering.cancel'; reason: string };

export type IpoOfferingEventType = IpoOfferingEvent['type'];

export const ipoOfferingEvents = {
  'offering.edit': 'staff change the offering’s details (texts, range, limits, dates) before the window opens',
  'offering.announce': 'staff publish the offering: clients see it as upcoming',
  'offering.open': 'staff open the subscription window, not before its opening time: clients apply, change and cancel',
  'offering.close': 'staff close the window: applications are final',
  'offering.price': 'staff set the final price (more than 20% outside the range: applications wait for reconfirmation)',
  'offering.allocate': 'staff allocate pro-rata once no reconfirmation is pending or its deadline passed: the rest of each hold is released',
  'offering.list': 'the shares are listed: IPO holdings leave the portfolio view',
  'offering.cancel': 'staff cancel the offering, with a reason: every hold is released',
} as const satisfies Record<IpoOfferingEventType, string>;

export const ipoOfferingEmitted = {} as const;

const cancel = { 'offering.cancel': { guard: 'hasReason', target: 'cancelled' } } as const;

/**
 * An IPO offering's life (docs/adr/0082). The state values are stored in `ipo_offerings.state`; the
 * server resolves a row's state and asks this machine whether a step is allowed and where it leads
 * (server/services/lifecycle.ts); the app asks the same to offer only the possible steps. Pure: no
 * context, no actors, no delays.
 */
export const ipoOfferingMachine = setup({
  types: {
    events: {} as IpoOfferingEvent,
  },
  guards: {
    hasReason: ({ event }) => event.type === 'offering.cancel' && event.reason.trim() !== '',
    windowStarted: ({ event }) => event.type === 'offering.open' && Date.parse(event.at) >= Date.parse(event.opens_at),
    validPrice: ({ event }) => event.type === 'offering.price' && Number.isSafeInteger(event.price) && event.price > 0,
    reconfirmationOver: ({ event }) =>
      event.type === 'offering.allocate' && (event.awaiting === 0 || event.reconfirm_until === null || Date.parse(event.at) >= Date.parse(event.reconfirm_until)),
  },
}).createMachine({
  id: 'ipoOffering',
  initial: 'draft',
  states: {
    draft: {
      on: { 'offering.edit': 'draft', 'offering.announce': 'announced', ...cancel },
    },
    announced: {
      on: { 'offering.edit': 'announced', 'offering.open': { guard: 'windowStarted', target: 'open' }, ...cancel },
    },
    open: {
      on: { 'offering.close': 'closed', ...cancel },
    },
    closed: {
      on: { 'offering.price': { guard: 'validPrice', target: 'priced' }, ...cancel },
    },
    priced: {
      on: { 'offering.allocate': { guard: 'reconfirmationOver', target: 'allocated' }, ...cancel },
    },
    allocated: {
      on: { 'offering.list': 'listed' },
    },
    listed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type IpoOfferingMachine = typeof ipoOfferingMachine;

/** Every state is a stored value (checked by the model test). */
export const IPO_OFFERING_MACHINE_STATES = Object.keys(ipoOfferingMachine.states) as IpoOfferingState[];
