import type { AnyMachineSnapshot } from 'xstate';
import type { Deal } from '../../contract/platform';
import { fetchError } from '../form/form.model';
import { modelDeal, modelInstruments, modelPosition } from '../order-ticket/order-ticket.model';
import { doneEvent, errorEvent, type MachineModel } from '../testing/model';
import { positionMachine, STOP_FIELDS, type PositionEvent, type PositionInput } from './position.machine';
import { selectMessage, selectStopProblem, selectStops, type PositionSnapshot } from './position.selectors';

export const STOPS_REFUSAL = 'The stop-loss is too close to the market price.';
export const CLOSE_REFUSAL = 'The market is closed.';
export const closingDeal: Deal = { ...modelDeal, ticket: 9002, kind: 'sell', entry: 'out', price: 1.1005, profit: 50 };

/** A buy of 0.1 EURUSD, read in Russian (the decimal comma). */
export const modelPositionInput: PositionInput = { position: modelPosition, instrument: modelInstruments[0]!, locale: 'ru' };

const events: PositionEvent[] = [
  // The bid falls to 1.08: a stop-loss at 1.09 is no longer below it.
  { type: 'position.update', current_price: 1.08, profit: -2_001 },
  { type: 'position.changed', position: { ...modelPosition, stop_loss: 1.05 } },
  { type: 'position.gone' },
  { type: 'stops.edit' },
  { type: 'stops.change', field: 'stop_loss', value: '1,09' },
  { type: 'stops.change', field: 'stop_loss', value: '1,2' },
  { type: 'stops.save' },
  { type: 'stops.cancel' },
  { type: 'close.request' },
  { type: 'close.confirm' },
  { type: 'close.cancel' },
];

export const positionModel: MachineModel = {
  machine: positionMachine,
  inputs: [modelPositionInput],
  events: [
    ...events,
    doneEvent('modifyStops', { ...modelPosition, stop_loss: 1.09 }),
    errorEvent('modifyStops', fetchError({ message: STOPS_REFUSAL, errors: { stop_loss: [STOPS_REFUSAL] } })),
    doneEvent('closePosition', closingDeal),
    errorEvent('closePosition', fetchError({ message: CLOSE_REFUSAL })),
  ],
  serialize: (snapshot: AnyMachineSnapshot) => {
    const s = snapshot as PositionSnapshot;
    const shown = Object.fromEntries(
      STOP_FIELDS.map((field) => {
        const problem = selectStopProblem(s, field);
        return [field, problem ? (problem.kind === 'server' ? 'server' : problem.code) : null];
      }),
    );
    return JSON.stringify({
      value: s.value,
      price: s.context.position.current_price,
      stop_loss: s.context.position.stop_loss,
      editing: s.matches({ active: 'editingStops' }) || s.matches({ active: 'modifying' }) ? selectStops(s) : null,
      shown,
      message: selectMessage(s),
      deal: s.context.deal?.ticket ?? null,
    });
  },
  limit: 20_000,
};
