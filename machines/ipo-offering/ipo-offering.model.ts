import type { AnyMachineSnapshot } from 'xstate';
import type { MachineModel } from '../testing/model';
import { ipoOfferingMachine, type IpoOfferingEvent } from './ipo-offering.machine';

/** The window opens at T0; a day before it is too early. Reconfirmation ends a day after T0. */
export const OPENS_AT = '2030-03-01T09:00:00.000Z';
export const BEFORE_OPENING = '2030-02-28T09:00:00.000Z';
export const DEADLINE = '2030-03-02T09:00:00.000Z';
export const AFTER_DEADLINE = '2030-03-03T09:00:00.000Z';

export const ipoOfferingModelEvents: IpoOfferingEvent[] = [
  { type: 'offering.edit' },
  { type: 'offering.announce' },
  { type: 'offering.open', at: OPENS_AT, opens_at: OPENS_AT },
  { type: 'offering.open', at: BEFORE_OPENING, opens_at: OPENS_AT },
  { type: 'offering.close' },
  { type: 'offering.price', price: 2_150 },
  { type: 'offering.price', price: 0 },
  { type: 'offering.allocate', at: AFTER_DEADLINE, reconfirm_until: DEADLINE, awaiting: 3 },
  { type: 'offering.allocate', at: OPENS_AT, reconfirm_until: DEADLINE, awaiting: 3 },
  { type: 'offering.allocate', at: OPENS_AT, reconfirm_until: null, awaiting: 0 },
  { type: 'offering.list' },
  { type: 'offering.cancel', reason: 'The issuer withdrew the offering.' },
  { type: 'offering.cancel', reason: ' ' },
];

export const ipoOfferingModel: MachineModel = {
  machine: ipoOfferingMachine,
  inputs: [undefined],
  events: ipoOfferingModelEvents,
  serialize: (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value),
  limit: 1_000,
};
