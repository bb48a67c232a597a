import type { AnyMachineSnapshot } from 'xstate';
import type { MachineModel } from '../testing/model';
import { identityDocumentMachine, type IdentityDocumentEvent } from './identity-document.machine';

export const identityDocumentModelEvents: IdentityDocumentEvent[] = [
  { type: 'document.review', expected_at: '2030-01-16T12:00:00.000Z' },
  { type: 'document.approve' },
  { type: 'document.reject', reason: 'The corners are cut off.' },
  // Refused by the guard: a rejection needs a reason.
  { type: 'document.reject', reason: ' ' },
];

export const identityDocumentModel: MachineModel = {
  machine: identityDocumentMachine,
  inputs: [undefined],
  events: identityDocumentModelEvents,
  serialize: (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value }),
  limit: 1_000,
};
