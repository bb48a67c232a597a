import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayPath } from '../testing/model';
import { loaderMachine } from './loader.machine';
import { loaderModel } from './loader.model';
import { selectIsLoading, selectPending } from './loader.selectors';

const paths = modelPaths(loaderModel).flatMap((walk) => walk.paths);

describe('loader machine, model-based', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await replayPath(loaderMachine, path, loaderModel.serialize);
  });

  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(loaderMachine, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('never lets the count go below zero on any path', () => {
    for (const path of paths) {
      for (const step of path.steps) expect((step.state.context as { count: number }).count).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('loader machine', () => {
  it('shows on the first request and hides when the last one finishes', () => {
    const actor = createActor(loaderMachine).start();
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'loader.requestStarted' });
    actor.send({ type: 'loader.requestStarted' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectPending(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'loader.requestFinished' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'loader.requestFinished' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(selectPending(actor.getSnapshot())).toBe(0);
  });

  it('never counts below zero when more requests finish than started', () => {
    const actor = createActor(loaderMachine).start();
    actor.send({ type: 'loader.requestFinished' });
    actor.send({ type: 'loader.requestFinished' });
    expect(selectPending(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'loader.requestStarted' });
    expect(selectPending(actor.getSnapshot())).toBe(1);
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
  });

  it('shows and hides explicitly without changing the count', () => {
    const actor = createActor(loaderMachine).start();
    actor.send({ type: 'loader.show' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectPending(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'loader.requestStarted' });
    actor.send({ type: 'loader.hide' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(selectPending(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'loader.requestFinished' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(selectPending(actor.getSnapshot())).toBe(0);
  });

  it('hides an explicitly shown loader when a request finishes with none pending', () => {
    const actor = createActor(loaderMachine).start();
    actor.send({ type: 'loader.show' });
    actor.send({ type: 'loader.requestFinished' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
  });
});
