import { describe, expect, it } from 'vitest';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { walletRequestMachine } from './wallet-request.machine';
import { walletRequestModel } from './wallet-request.model';
import { selectAwaitsStaff, selectInFlight, selectIsFinal, selectStaffActions, walletRequestSnapshot } from './wallet-request.selectors';

const pathsByInput = modelPaths(walletRequestModel);
const paths = pathsByInput.flatMap((walk) => walk.paths);

describe('wallet-request machine, model-based', () => {
  it('follows every generated path on a real actor', async () => {
    expect(await replayModel(walletRequestModel, pathsByInput)).toBe(paths.length);
  });

  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(walletRequestMachine, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('never completes money that was not approved first', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        if (index > 0 && step.state.matches('completed') && !path.steps[index - 1]!.state.matches('completed')) {
          expect(path.steps[index - 1]!.state.matches('approved')).toBe(true);
        }
      });
    }
  });

  it('never rejects without a reason', () => {
    for (const path of paths) {
      const last = path.steps.at(-1)!;
      const before = path.steps.at(-2);
      if (before && !before.state.matches('rejected') && last.state.matches('rejected')) {
        expect((last.event as { reason?: string }).reason?.trim()).toBeTruthy();
      }
    }
  });
});

describe('wallet-request selectors', () => {
  it('offers staff review, approval and rejection while the request waits, and nothing once it is in flight or final', () => {
    expect(selectStaffActions(walletRequestSnapshot('submitted'))).toEqual({ review: true, approve: true, reject: true });
    expect(selectStaffActions(walletRequestSnapshot('under_review'))).toEqual({ review: true, approve: true, reject: true });
    for (const state of ['approved', 'completed', 'rejected'] as const) {
      expect(selectStaffActions(walletRequestSnapshot(state))).toEqual({ review: false, approve: false, reject: false });
    }
  });

  it('tells waiting, in flight and final apart', () => {
    expect(selectAwaitsStaff(walletRequestSnapshot('under_review'))).toBe(true);
    expect(selectInFlight(walletRequestSnapshot('approved'))).toBe(true);
    expect(selectIsFinal(walletRequestSnapshot('completed'))).toBe(true);
    expect(selectIsFinal(walletRequestSnapshot('submitted'))).toBe(false);
  });
});
