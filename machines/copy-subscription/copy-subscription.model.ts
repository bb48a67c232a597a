import type { AnyMachineSnapshot } from 'xstate';
import type { MachineModel } from '../testing/model';
import { copySubscriptionMachine, type CopySubscriptionEvent } from './copy-subscription.machine';

export const copySubscriptionModelEvents: CopySubscriptionEvent[] = [
  { type: 'subscription.funded' },
  { type: 'subscription.funding_failed', reason: 'no_money' },
  // Refused by the guard: a failure needs its reason.
  { type: 'subscription.funding_failed', reason: ' ' },
  { type: 'subscription.pause' },
  { type: 'subscription.resume', equity: 100_000, floor: 80_000 },
  { type: 'subscription.resume', equity: 100_000, floor: null },
  // Refused: still at the floor.
  { type: 'subscription.resume', equity: 80_000, floor: 80_000 },
  { type: 'subscription.stop_loss', equity: 79_000, floor: 80_000 },
  // Refused: above the floor.
  { type: 'subscription.stop_loss', equity: 81_000, floor: 80_000 },
  { type: 'subscription.set_stop_loss' },
  { type: 'subscription.add_funds', amount: 50_000 },
  { type: 'subscription.add_funds', amount: 0 },
  { type: 'subscription.withdraw', amount: 10_000, free_margin: 90_000 },
  { type: 'subscription.withdraw', amount: 100_000, free_margin: 90_000 },
  { type: 'subscription.unsubscribe' },
  { type: 'subscription.closed' },
];

export const copySubscriptionModel: MachineModel = {
  machine: copySubscriptionMachine,
  inputs: [undefined],
  events: copySubscriptionModelEvents,
  serialize: (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value),
  limit: 1_000,
};
