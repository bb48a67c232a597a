import type { AnyMachineSnapshot } from 'xstate';
import type { MachineModel } from '../testing/model';
import { partnerApplicationMachine, type PartnerApplicationEvent } from './partner-application.machine';

export const partnerApplicationModelEvents: PartnerApplicationEvent[] = [
  { type: 'application.approve' },
  { type: 'application.auto_approve' },
  { type: 'application.reject', reason: 'No audience described.' },
  // Refused by the guard: a rejection needs a reason.
  { type: 'application.reject', reason: '  ' },
];

export const partnerApplicationModel: MachineModel = {
  machine: partnerApplicationMachine,
  inputs: [undefined],
  events: partnerApplicationModelEvents,
  serialize: (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value }),
  limit: 1_000,
};
