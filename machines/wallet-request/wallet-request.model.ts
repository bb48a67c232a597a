import type { AnyMachineSnapshot } from 'xstate';
import type { MachineModel } from '../testing/model';
import { walletRequestMachine, type WalletRequestEvent } from './wallet-request.machine';

export const walletRequestModelEvents: WalletRequestEvent[] = [
  { type: 'request.review', expected_at: '2030-01-16T12:00:00.000Z' },
  { type: 'request.approve' },
  { type: 'request.reject', reason: 'The card is not in your name.' },
  // Refused by the guard: a rejection needs a reason.
  { type: 'request.reject', reason: '  ' },
  { type: 'request.complete' },
  { type: 'request.bounce', reason: 'no_money' },
  { type: 'request.fail', reason: 'archived' },
  { type: 'request.fail', reason: '' },
];

export const walletRequestModel: MachineModel = {
  machine: walletRequestMachine,
  inputs: [undefined],
  events: walletRequestModelEvents,
  serialize: (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value }),
  limit: 1_000,
};
