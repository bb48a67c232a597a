import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { formatCoverage, machineCoverage } from './coverage';
import { listStates, listTransitions } from './definition';
import { afterEvent, doneEvent, getTransitionPaths } from './model';

/** A small machine with one of each kind of transition. */
const door = setup({
  types: { context: {} as { locked: boolean }, input: {} as { locked: boolean }, events: {} as { type: 'open' } | { type: 'close' } },
  actors: { unlock: fromPromise<void>(async () => {}) },
  delays: { AUTO_CLOSE: 500 },
  guards: { isLocked: ({ context }) => context.locked },
}).createMachine({
  id: 'door',
  context: ({ input }) => ({ locked: input.locked }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'isLocked', target: 'unlocking' }, { target: 'closed' }] },
    unlocking: {
      invoke: { id: 'unlock', src: 'unlock', onDone: { target: 'closed', actions: assign({ locked: false }) } },
    },
    closed: { on: { open: 'open' } },
    open: {
      initial: 'wide',
      states: { wide: { after: { AUTO_CLOSE: 'ajar' } }, ajar: {} },
      on: { close: 'closed' },
    },
  },
});

const serialize = (snapshot: { value: unknown; context: { locked: boolean } }) =>
  JSON.stringify({ value: snapshot.value, locked: snapshot.context.locked });
const events = [{ type: 'open' }, { type: 'close' }, doneEvent('unlock'), afterEvent('AUTO_CLOSE', 'door.open.wide')];

describe('machineCoverage', () => {
  it('lists every state and every kind of transition of a machine', () => {
    expect(listStates(door).map((state) => state.path)).toEqual([
      'checking',
      'unlocking',
      'closed',
      'open',
      'open.wide',
      'open.ajar',
    ]);
    expect(listTransitions(door).map((transition) => transition.id)).toEqual([
      'checking on always [isLocked] → unlocking',
      'checking on always → closed',
      'unlocking on done: unlock → closed',
      'closed on open → open',
      'open on close → closed',
      'open.wide on after 500ms → open.ajar',
    ]);
  });

  it('reports full coverage when the paths take every transition', () => {
    const paths = [{ locked: true }, { locked: false }].flatMap((input) =>
      getTransitionPaths(door, { input, events, serialize, limit: 1_000 }),
    );
    const coverage = machineCoverage(door, paths);
    expect(coverage).toEqual({
      states: { total: 6, reached: 6, missing: [] },
      transitions: { total: 6, reached: 6, missing: [] },
    });
    expect(formatCoverage('door', coverage)).toBe('door: states 6/6, transitions 6/6');
  });

  it('names the states and transitions the paths never reached', () => {
    const paths = getTransitionPaths(door, { input: { locked: false }, events: [{ type: 'open' }], serialize, limit: 1_000 });
    const coverage = machineCoverage(door, paths);
    expect(coverage.states.missing).toEqual(['unlocking', 'open.ajar']);
    expect(coverage.transitions.missing).toEqual([
      'checking on always [isLocked] → unlocking',
      'unlocking on done: unlock → closed',
      'open on close → closed',
      'open.wide on after 500ms → open.ajar',
    ]);
    expect(formatCoverage('door', coverage)).toContain('missing transition open on close → closed');
  });

  it('counts the start-up transitions only for paths that carry their input', () => {
    const paths = getTransitionPaths(door, { input: { locked: true }, events, serialize, limit: 1_000 });
    const withoutInput = paths.map(({ steps }) => ({ steps }));
    expect(machineCoverage(door, withoutInput).transitions.missing).toContain('checking on always [isLocked] → unlocking');
    expect(machineCoverage(door, paths).transitions.missing).not.toContain('checking on always [isLocked] → unlocking');
  });
});
