import { setup } from 'xstate';
import type { DocumentState } from '../../contract/lifecycle';

export type IdentityDocumentEvent =
  | { type: 'document.review'; expected_at?: string | null }
  | { type: 'document.approve' }
  | { type: 'document.reject'; reason: string };

export const identityDocumentEvents = {
  'document.review': 'staff take the document into review, optionally saying when to expect the decision (again: a new expected time)',
  'document.approve': 'staff approve the document',
  'document.reject': 'staff reject it, with the reason the client reads (the client may upload a new one)',
} as const satisfies Record<IdentityDocumentEvent['type'], string>;

export const identityDocumentEmitted = {} as const;

const STATES = {
  uploaded: 'uploaded',
  under_review: 'under_review',
  approved: 'approved',
  rejected: 'rejected',
} as const satisfies Record<DocumentState, DocumentState>;

/**
 * One uploaded identity document (docs/adr/0082): pure, used by the server to allow or refuse a
 * review step and by the app to offer only the possible ones. A rejected document stays rejected;
 * the client uploads a new one, which starts its own lifecycle. `status` follows the state:
 * uploaded and under review are `pending`.
 */
export const identityDocumentMachine = setup({
  types: {
    events: {} as IdentityDocumentEvent,
  },
  guards: {
    hasReason: ({ event }) => event.type === 'document.reject' && event.reason.trim() !== '',
  },
}).createMachine({
  id: 'identityDocument',
  initial: STATES.uploaded,
  states: {
    uploaded: {
      on: {
        'document.review': STATES.under_review,
        'document.approve': STATES.approved,
        'document.reject': { guard: 'hasReason', target: STATES.rejected },
      },
    },
    under_review: {
      on: {
        'document.review': STATES.under_review,
        'document.approve': STATES.approved,
        'document.reject': { guard: 'hasReason', target: STATES.rejected },
      },
    },
    approved: { type: 'final' },
    rejected: { type: 'final' },
  },
});

export type IdentityDocumentMachine = typeof identityDocumentMachine;
