import { setup } from 'xstate';
import type { WalletRequestState } from '../../contract/lifecycle';

export type WalletRequestEvent =
  | { type: 'request.review'; expected_at?: string | null }
  | { type: 'request.approve' }
  | { type: 'request.reject'; reason: string }
  | { type: 'request.complete' }
  | { type: 'request.bounce'; reason?: string | null }
  | { type: 'request.fail'; reason: string };

export const walletRequestEvents = {
  'request.review': 'staff take the request into review, optionally saying when to expect the decision (again: a new expected time)',
  'request.approve': 'staff approve: the money is in flight to the trading platform (demo money: the system approves at once)',
  'request.reject': 'staff reject, with the reason the client reads',
  'request.complete': 'the platform booked the deal: the money moved',
  'request.bounce': 'the platform refused the approved request (the funds were traded away, the account archived): back in review',
  'request.fail': 'the platform refused an in-flight request for good (the sweep): rejected with the refusal',
} as const satisfies Record<WalletRequestEvent['type'], string>;

export const walletRequestEmitted = {} as const;

const STATES = {
  submitted: 'submitted',
  under_review: 'under_review',
  approved: 'approved',
  completed: 'completed',
  rejected: 'rejected',
} as const satisfies Record<WalletRequestState, WalletRequestState>;

/**
 * A live deposit or withdrawal (docs/adr/0082). Pure: the server resolves the stored state and asks
 * it whether an event may happen and where it leads (server/services/lifecycle.ts); the app asks it
 * which actions to offer. No context: what a transition carries (a reason, an expected time) is
 * recorded in the timeline, not held here.
 *
 * The stored ledger columns follow the state: submitted and under review are `pending` without a
 * decision; approved is `pending` and in flight (decided); completed and rejected are final.
 */
export const walletRequestMachine = setup({
  types: {
    events: {} as WalletRequestEvent,
  },
  guards: {
    hasReason: ({ event }) => 'reason' in event && typeof event.reason === 'string' && event.reason.trim() !== '',
  },
}).createMachine({
  id: 'walletRequest',
  initial: STATES.submitted,
  states: {
    submitted: {
      on: {
        'request.review': STATES.under_review,
        'request.approve': STATES.approved,
        'request.reject': { guard: 'hasReason', target: STATES.rejected },
      },
    },
    under_review: {
      on: {
        // A new expected time: recorded, the state stays.
        'request.review': STATES.under_review,
        'request.approve': STATES.approved,
        'request.reject': { guard: 'hasReason', target: STATES.rejected },
      },
    },
    approved: {
      on: {
        'request.complete': STATES.completed,
        'request.bounce': STATES.under_review,
        'request.fail': { guard: 'hasReason', target: STATES.rejected },
      },
    },
    completed: { type: 'final' },
    rejected: { type: 'final' },
  },
});

export type WalletRequestMachine = typeof walletRequestMachine;
