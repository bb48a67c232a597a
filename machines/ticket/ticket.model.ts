import type { AnyMachineSnapshot } from 'xstate';
import type { MachineModel } from '../testing/model';
import { ticketMachine, type TicketEvent } from './ticket.machine';

/** Resolved at T0; a reopen a day later is in the window, eight days later it is not. */
export const RESOLVED_AT = '2030-01-15T09:00:00.000Z';
export const DAY_LATER = '2030-01-16T09:00:00.000Z';
export const EIGHT_DAYS_LATER = '2030-01-23T09:00:00.000Z';

export const ticketModelEvents: TicketEvent[] = [
  { type: 'client.reply' },
  { type: 'client.reopen', at: DAY_LATER, resolved_at: RESOLVED_AT },
  { type: 'client.reopen', at: EIGHT_DAYS_LATER, resolved_at: RESOLVED_AT },
  { type: 'client.rate', score: 4, rated: false },
  { type: 'client.rate', score: 4, rated: true },
  { type: 'client.rate', score: 0, rated: false },
  { type: 'staff.reply' },
  { type: 'staff.await_client' },
  { type: 'staff.await_staff' },
  { type: 'staff.resolve' },
  { type: 'staff.reopen' },
  { type: 'staff.close' },
];

export const ticketModel: MachineModel = {
  machine: ticketMachine,
  inputs: [undefined],
  events: ticketModelEvents,
  serialize: (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value),
  limit: 1_000,
};
