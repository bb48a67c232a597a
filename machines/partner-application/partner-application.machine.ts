import { setup } from 'xstate';
import type { PartnerApplicationState } from '../../contract/partners';

export type PartnerApplicationEvent =
  | { type: 'application.approve' }
  | { type: 'application.auto_approve' }
  | { type: 'application.reject'; reason: string };

export const partnerApplicationEvents = {
  'application.approve': 'staff approve the application: the client becomes a partner',
  'application.auto_approve': 'the system approves it at once, the default plan being marked automatic',
  'application.reject': 'staff reject it, with the reason the client reads (the client may apply again)',
} as const satisfies Record<PartnerApplicationEvent['type'], string>;

export const partnerApplicationEmitted = {} as const;

const STATES = {
  submitted: 'submitted',
  approved: 'approved',
  rejected: 'rejected',
} as const satisfies Record<PartnerApplicationState, PartnerApplicationState>;

/** Who may send each event. */
export const PARTNER_APPLICATION_EVENT_ROLES: Readonly<Record<PartnerApplicationEvent['type'], 'staff' | 'system'>> = {
  'application.approve': 'staff',
  'application.auto_approve': 'system',
  'application.reject': 'staff',
};

/**
 * A client's application to the partner program (docs/adr/0082, 0095): pure, used by the server to
 * allow or refuse a decision (409) and by the app to show the steps possible now. A decision is
 * final; a rejected client applies again with a new application, which has its own lifecycle.
 */
export const partnerApplicationMachine = setup({
  types: {
    events: {} as PartnerApplicationEvent,
  },
  guards: {
    hasReason: ({ event }) => event.type === 'application.reject' && event.reason.trim() !== '',
  },
}).createMachine({
  id: 'partnerApplication',
  initial: STATES.submitted,
  states: {
    submitted: {
      on: {
        'application.approve': STATES.approved,
        'application.auto_approve': STATES.approved,
        'application.reject': { guard: 'hasReason', target: STATES.rejected },
      },
    },
    approved: { type: 'final' },
    rejected: { type: 'final' },
  },
});

export type PartnerApplicationMachine = typeof partnerApplicationMachine;
