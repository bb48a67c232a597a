import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Deal, Position } from '../../contract/platform';
import { fetchError } from '../form/form.model';
import { modelPosition } from '../order-ticket/order-ticket.model';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { positionMachine, type StopsRequest } from './position.machine';
import { CLOSE_REFUSAL, closingDeal, modelPositionInput, positionModel, STOPS_REFUSAL } from './position.model';
import {
  selectCanClose,
  selectClosingDeal,
  selectIsBusy,
  selectIsClosed,
  selectIsConfirmingClose,
  selectIsEditingStops,
  selectMessage,
  selectPosition,
  selectStopProblem,
  selectStopText,
} from './position.selectors';

const pathsByInput = modelPaths(positionModel);
const paths = pathsByInput.flatMap((walk) => walk.paths);

describe('position machine, model-based', () => {
  it('follows every generated path on a real actor', async () => {
    expect(await replayModel(positionModel, pathsByInput)).toBe(paths.length);
  });

  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(positionMachine, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('never closes without a confirmation first', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        if (index > 0 && step.state.matches({ active: 'closing' }) && !path.steps[index - 1]!.state.matches({ active: 'closing' })) {
          expect(path.steps[index - 1]!.state.matches({ active: 'confirmingClose' })).toBe(true);
        }
      });
    }
  });
});

function start(effects: { modify?: (stops: StopsRequest) => Promise<Position>; close?: () => Promise<Deal> }) {
  const modified: StopsRequest[] = [];
  const closed: number[] = [];
  const actor = createActor(
    positionMachine.provide({
      actors: {
        modifyStops: fromPromise(({ input }) => {
          modified.push(input.stops);
          return (effects.modify ?? (async (stops) => ({ ...modelPosition, ...stops })))(input.stops);
        }),
        closePosition: fromPromise(({ input }) => {
          closed.push(input.ticket);
          return (effects.close ?? (async () => closingDeal))();
        }),
      },
    }),
    { input: modelPositionInput },
  );
  const emitted: unknown[] = [];
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
  return { actor, modified, closed, emitted };
}

describe('position machine', () => {
  it('moves with live prices', () => {
    const { actor } = start({});
    actor.send({ type: 'position.update', current_price: 1.1012, profit: 1_200 });
    expect(selectPosition(actor.getSnapshot())).toMatchObject({ current_price: 1.1012, profit: 1_200, ticket: 501 });
  });

  it('closes after a confirmation and reports the closing deal', async () => {
    const { actor, closed, emitted } = start({});
    actor.send({ type: 'close.request' });
    expect(selectIsConfirmingClose(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'close.confirm' });
    const snapshot = await waitFor(actor, selectIsClosed);
    expect(closed).toEqual([501]);
    expect(selectClosingDeal(snapshot)).toEqual(closingDeal);
    expect(emitted).toEqual([{ type: 'position.closed', deal: closingDeal }]);
  });

  it('stays open when the close is cancelled or refused, with the reason', async () => {
    const { actor, closed } = start({ close: () => Promise.reject(fetchError({ message: CLOSE_REFUSAL })) });
    actor.send({ type: 'close.request' });
    actor.send({ type: 'close.cancel' });
    expect(closed).toEqual([]);
    actor.send({ type: 'close.request' });
    actor.send({ type: 'close.confirm' });
    const snapshot = await waitFor(actor, (s) => !selectIsBusy(s));
    expect(selectMessage(snapshot)).toBe(CLOSE_REFUSAL);
    expect(selectCanClose(snapshot)).toBe(true);
  });

  it('checks the stops against the live price and sends them with the decimal comma read', async () => {
    const { actor, modified } = start({});
    actor.send({ type: 'stops.edit' });
    actor.send({ type: 'stops.change', field: 'stop_loss', value: '1,2' });
    expect(selectStopProblem(actor.getSnapshot(), 'stop_loss')).toEqual({ kind: 'rule', code: 'stop_loss_side' });
    actor.send({ type: 'stops.save' });
    expect(modified).toEqual([]);
    actor.send({ type: 'stops.change', field: 'stop_loss', value: '1,09' });
    actor.send({ type: 'stops.change', field: 'take_profit', value: '1,15' });
    actor.send({ type: 'stops.save' });
    const snapshot = await waitFor(actor, (s) => !selectIsBusy(s));
    expect(modified).toEqual([{ stop_loss: 1.09, take_profit: 1.15 }]);
    expect(selectIsEditingStops(snapshot)).toBe(false);
    expect(selectPosition(snapshot)).toMatchObject({ stop_loss: 1.09, take_profit: 1.15 });
  });

  it("shows the server's refusal on the stop and keeps what was typed", async () => {
    const { actor } = start({ modify: () => Promise.reject(fetchError({ message: STOPS_REFUSAL, errors: { stop_loss: [STOPS_REFUSAL] } })) });
    actor.send({ type: 'stops.edit' });
    actor.send({ type: 'stops.change', field: 'stop_loss', value: '1.0999' });
    actor.send({ type: 'stops.save' });
    const snapshot = await waitFor(actor, (s) => !selectIsBusy(s));
    expect(selectIsEditingStops(snapshot)).toBe(true);
    expect(selectStopProblem(snapshot, 'stop_loss')).toEqual({ kind: 'server', text: STOPS_REFUSAL });
    expect(selectStopText(snapshot, 'stop_loss')).toBe('1.0999');
  });

  it('ends when the platform closed the position itself', () => {
    const { actor } = start({});
    actor.send({ type: 'stops.edit' });
    actor.send({ type: 'position.gone' });
    expect(selectIsClosed(actor.getSnapshot())).toBe(true);
  });
});
