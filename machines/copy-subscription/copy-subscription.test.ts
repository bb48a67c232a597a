import { describe, expect, it } from 'vitest';
import { COPY_SUBSCRIPTION_STATES, type CopySubscriptionState } from '../../contract/investing';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { copySubscriptionMachine, type CopySubscriptionEvent } from './copy-subscription.machine';
import { copySubscriptionModel } from './copy-subscription.model';
import { copySubscriptionSnapshot, nextCopySubscriptionState, selectCopies, selectFollowerActions, selectIsOpen, selectPaused } from './copy-subscription.selectors';

const pathsByInput = modelPaths(copySubscriptionModel);
const paths = pathsByInput.flatMap((walk) => walk.paths);

describe('copy-subscription machine, model-based', () => {
  it('follows every generated path on a real actor', async () => {
    expect(await replayModel(copySubscriptionModel, pathsByInput)).toBe(paths.length);
  });

  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(copySubscriptionMachine, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('has one state per stored value', () => {
    expect(Object.keys(copySubscriptionMachine.states).sort()).toEqual([...COPY_SUBSCRIPTION_STATES].sort());
  });

  it('never closes with money in play except through closing or a failed funding', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        const before = path.steps[index - 1];
        if (before && !before.state.matches('closed') && step.state.matches('closed')) {
          expect(before.state.matches('closing') || before.state.matches('funding')).toBe(true);
        }
      });
    }
  });
});

const step = (state: CopySubscriptionState, event: CopySubscriptionEvent) => nextCopySubscriptionState(copySubscriptionSnapshot(state), event);

describe('copy-subscription lifecycle', () => {
  it('pauses on the stop-loss only at or below the floor, from active or a follower’s pause', () => {
    expect(step('active', { type: 'subscription.stop_loss', equity: 800, floor: 800 })).toBe('paused_stop_loss');
    expect(step('active', { type: 'subscription.stop_loss', equity: 801, floor: 800 })).toBeNull();
    expect(step('paused_by_follower', { type: 'subscription.stop_loss', equity: 700, floor: 800 })).toBe('paused_stop_loss');
    expect(step('funding', { type: 'subscription.stop_loss', equity: 700, floor: 800 })).toBeNull();
  });

  it('resumes only above the floor', () => {
    expect(step('paused_stop_loss', { type: 'subscription.resume', equity: 800, floor: 800 })).toBeNull();
    expect(step('paused_stop_loss', { type: 'subscription.resume', equity: 800, floor: 700 })).toBe('active');
    expect(step('paused_by_follower', { type: 'subscription.resume', equity: 800, floor: null })).toBe('active');
    expect(step('active', { type: 'subscription.resume', equity: 800, floor: null })).toBeNull();
  });

  it('withdraws at most the free margin, and never once closing', () => {
    expect(step('active', { type: 'subscription.withdraw', amount: 500, free_margin: 500 })).toBe('active');
    expect(step('active', { type: 'subscription.withdraw', amount: 501, free_margin: 500 })).toBeNull();
    expect(step('paused_stop_loss', { type: 'subscription.withdraw', amount: 1, free_margin: 500 })).toBe('paused_stop_loss');
    expect(step('closing', { type: 'subscription.withdraw', amount: 1, free_margin: 500 })).toBeNull();
  });

  it('offers the follower only the steps possible now', () => {
    const facts = { equity: 1_000, free_margin: 900, floor: 800 };
    expect(selectFollowerActions(copySubscriptionSnapshot('active'), facts)).toEqual({
      pause: true,
      resume: false,
      set_stop_loss: true,
      add_funds: true,
      withdraw: true,
      unsubscribe: true,
    });
    expect(selectFollowerActions(copySubscriptionSnapshot('paused_stop_loss'), { ...facts, equity: 800 })).toEqual({
      pause: false,
      resume: false,
      set_stop_loss: true,
      add_funds: true,
      withdraw: true,
      unsubscribe: true,
    });
    for (const state of ['funding', 'closing', 'closed'] as const) {
      expect(Object.values(selectFollowerActions(copySubscriptionSnapshot(state), facts)).some(Boolean)).toBe(false);
    }
    expect(selectCopies(copySubscriptionSnapshot('active'))).toBe(true);
    expect(selectPaused(copySubscriptionSnapshot('paused_by_follower'))).toBe(true);
    expect(selectIsOpen(copySubscriptionSnapshot('closed'))).toBe(false);
  });
});
