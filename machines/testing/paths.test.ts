import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { machineCoverage } from './coverage';
import { replayPath, type MachineModel } from './model';
import { models } from './models';
import { generatePaths, type GeneratedPath } from './paths';

/** A counter with a self-loop, an ignored event and a loop back to the start. */
const counter = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'inc' } | { type: 'reset' } | { type: 'noop' } },
  guards: { atMax: ({ context }) => context.count >= 2 },
}).createMachine({
  id: 'counter',
  context: { count: 0 },
  initial: 'zero',
  states: {
    zero: { on: { inc: { target: 'counting', actions: assign({ count: 1 }) } } },
    counting: {
      on: {
        inc: [{ guard: 'atMax', target: 'full' }, { target: 'counting', reenter: true, actions: assign({ count: ({ context }) => context.count + 1 }) }],
        noop: {},
        reset: { target: 'zero', actions: assign({ count: 0 }) },
      },
    },
    full: { on: { reset: { target: 'zero', actions: assign({ count: 0 }) } } },
  },
});

const counterModel: MachineModel = {
  machine: counter,
  inputs: [undefined],
  events: [{ type: 'inc' }, { type: 'reset' }, { type: 'noop' }],
  serialize: (snapshot) => JSON.stringify({ value: snapshot.value, count: (snapshot.context as { count: number }).count }),
  limit: 100,
};

const keysOf = (path: GeneratedPath) => path.steps.map((step) => counterModel.serialize(step.state));

describe('generatePaths', () => {
  it('gives one shortest path per state and adds the shortest path for every other transition', () => {
    const { paths, truncated } = generatePaths(counterModel, 'shortest');
    expect(truncated).toBe(false);
    expect(paths.map((path) => path.steps.slice(1).map((step) => step.event.type))).toEqual([
      [],
      ['inc'],
      ['inc', 'inc'],
      ['inc', 'inc', 'inc'],
      ['inc', 'reset'],
      ['inc', 'noop'],
      ['inc', 'inc', 'inc', 'reset'],
    ]);
    expect(machineCoverage(counter, paths)).toMatchObject({ states: { missing: [] }, transitions: { missing: [] } });
  });

  it('makes simple paths that never revisit a state except by their last step', () => {
    const { paths } = generatePaths(counterModel, 'simple');
    for (const path of paths) {
      const values = keysOf(path);
      expect(new Set(values.slice(0, -1)).size, values.join(' → ')).toBe(values.length - 1);
    }
    expect(machineCoverage(counter, paths)).toMatchObject({
      states: { missing: [] },
      transitions: { missing: [] },
    });
    // The loops show up as paths that end where they have already been.
    expect(paths.map((path) => path.steps.slice(1).map((step) => step.event.type))).toContainEqual(['inc', 'noop']);
  });

  it('stops the simple paths at the cap, says so, and adds the shortest path to what they missed', () => {
    const { paths, truncated } = generatePaths({ ...counterModel, maxSimplePaths: 3 }, 'simple');
    expect(truncated).toBe(true);
    expect(paths.map((path) => path.steps.slice(1).map((step) => step.event.type))).toEqual([
      // The first three, breadth-first,
      [],
      ['inc'],
      ['reset'],
      // then the shortest path to each transition they left out.
      ['inc', 'inc'],
      ['inc', 'reset'],
      ['inc', 'noop'],
      ['inc', 'inc', 'inc'],
      ['inc', 'inc', 'inc', 'reset'],
    ]);
    expect(machineCoverage(counter, paths)).toMatchObject({ states: { missing: [] }, transitions: { missing: [] } });
  });

  it('fails instead of running away when the model does not bound the context', () => {
    const unbounded: MachineModel = { ...counterModel, serialize: () => String(Math.random()), limit: 50 };
    expect(() => generatePaths(unbounded, 'shortest')).toThrow(/limit/i);
  });
});

describe.each(Object.entries(models))('the %s machine', (_, model) => {
  it.each(['shortest', 'simple'] as const)('has %s paths that reach every state and transition', (kind) => {
    const { paths } = generatePaths(model, kind);
    const coverage = machineCoverage(model.machine, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('has shortest paths that a real actor follows step by step', async () => {
    for (const path of generatePaths(model, 'shortest').paths) {
      await replayPath(model.machine, { ...path, state: path.steps.at(-1)!.state, description: '' }, model.serialize);
    }
  });
});
