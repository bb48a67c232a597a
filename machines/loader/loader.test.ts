import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { loaderMachine, SHOW_DELAY_MS } from './loader.machine';
import { loaderModel } from './loader.model';
import { selectIsLoading, selectPending } from './loader.selectors';

const pathsByInput = modelPaths(loaderModel);
const paths = pathsByInput.flatMap((walk) => walk.paths);

describe('loader machine, model-based', () => {
  it('follows every generated path on a real actor', async () => {
    expect(await replayModel(loaderModel, pathsByInput)).toBe(paths.length);
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

function start() {
  const clock = new SimulatedClock();
  return { actor: createActor(loaderMachine, { clock }).start(), clock };
}

describe('loader machine', () => {
  it('shows only when requests are still pending after the delay, and hides when the last one finishes', () => {
    const { actor, clock } = start();
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'loader.requestStarted' });
    actor.send({ type: 'loader.requestStarted' });
    clock.increment(SHOW_DELAY_MS - 1);
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectPending(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'loader.requestFinished' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'loader.requestFinished' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(selectPending(actor.getSnapshot())).toBe(0);
  });

  it('never shows for requests that all finish within the delay', () => {
    const { actor, clock } = start();
    actor.send({ type: 'loader.requestStarted' });
    clock.increment(SHOW_DELAY_MS / 2);
    actor.send({ type: 'loader.requestStarted' });
    actor.send({ type: 'loader.requestFinished' });
    clock.increment(SHOW_DELAY_MS / 2 - 1);
    actor.send({ type: 'loader.requestFinished' });
    clock.increment(SHOW_DELAY_MS * 5);
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('counts the delay from the first pending request, not from each one', () => {
    const { actor, clock } = start();
    actor.send({ type: 'loader.requestStarted' });
    clock.increment(SHOW_DELAY_MS - 50);
    actor.send({ type: 'loader.requestStarted' });
    clock.increment(50);
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
  });

  it('never counts below zero when more requests finish than started', () => {
    const { actor } = start();
    actor.send({ type: 'loader.requestFinished' });
    actor.send({ type: 'loader.requestFinished' });
    expect(selectPending(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'loader.requestStarted' });
    expect(selectPending(actor.getSnapshot())).toBe(1);
    expect(actor.getSnapshot().value).toBe('pending');
  });

  it('shows at once when asked, and hides explicitly without changing the count', () => {
    const { actor, clock } = start();
    actor.send({ type: 'loader.show' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectPending(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'loader.requestStarted' });
    actor.send({ type: 'loader.hide' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(selectPending(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'loader.requestFinished' });
    expect(selectPending(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'loader.requestStarted' });
    actor.send({ type: 'loader.show' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'loader.requestFinished' });
    actor.send({ type: 'loader.requestStarted' });
    actor.send({ type: 'loader.hide' });
    clock.increment(SHOW_DELAY_MS);
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
  });

  it('hides an explicitly shown loader when a request finishes with none pending', () => {
    const { actor } = start();
    actor.send({ type: 'loader.show' });
    actor.send({ type: 'loader.requestFinished' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
  });
});
