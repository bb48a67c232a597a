import type { AnyMachineSnapshot } from 'xstate';
import { afterEvent, type MachineModel } from '../testing/model';
import { loaderMachine, type LoaderContext, type LoaderEvent } from './loader.machine';

/** The count is unbounded; three concurrent requests show every behaviour. */
export const MODEL_MAX_PENDING = 3;

const loaderEvents: LoaderEvent[] = [
  { type: 'loader.requestStarted' },
  { type: 'loader.requestFinished' },
  { type: 'loader.show' },
  { type: 'loader.hide' },
];

export const loaderModel: MachineModel = {
  machine: loaderMachine,
  inputs: [undefined],
  events: [...loaderEvents, afterEvent('SHOW_DELAY_MS', 'loader.pending')],
  serialize: (snapshot: AnyMachineSnapshot) =>
    JSON.stringify({ value: snapshot.value, count: (snapshot.context as LoaderContext).count }),
  limit: 1_000,
  filterEvents: (snapshot, event) =>
    event.type !== 'loader.requestStarted' || (snapshot.context as LoaderContext).count < MODEL_MAX_PENDING,
};
