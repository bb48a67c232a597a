import { describe, expect, it } from 'vitest';
import { PARTNER_APPLICATION_STATES } from '../../contract/partners';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { partnerApplicationMachine } from './partner-application.machine';
import { partnerApplicationModel } from './partner-application.model';
import { partnerApplicationSnapshot, selectAwaitsDecision, selectDecisionActions, selectMayApplyAgain } from './partner-application.selectors';

const pathsByInput = modelPaths(partnerApplicationModel);
const paths = pathsByInput.flatMap((walk) => walk.paths);

describe('partner-application machine, model-based', () => {
  it('follows every generated path on a real actor', async () => {
    expect(await replayModel(partnerApplicationModel, pathsByInput)).toBe(paths.length);
  });

  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(partnerApplicationMachine, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('has one state per stored state', () => {
    expect(Object.keys(partnerApplicationMachine.states).sort()).toEqual([...PARTNER_APPLICATION_STATES].sort());
  });

  it('never leaves a decision: approved and rejected are final', () => {
    for (const path of paths) {
      const decided = path.steps.findIndex((step) => step.state.matches('approved') || step.state.matches('rejected'));
      if (decided === -1) continue;
      for (const step of path.steps.slice(decided)) expect(step.state.value).toBe(path.steps[decided]!.state.value);
    }
  });
});

describe('partner-application selectors', () => {
  it('offers the decisions while the application waits, none once decided', () => {
    expect(selectDecisionActions(partnerApplicationSnapshot('submitted'))).toEqual({ approve: true, reject: true });
    expect(selectAwaitsDecision(partnerApplicationSnapshot('submitted'))).toBe(true);
    expect(selectDecisionActions(partnerApplicationSnapshot('approved'))).toEqual({ approve: false, reject: false });
    expect(selectDecisionActions(partnerApplicationSnapshot('rejected'))).toEqual({ approve: false, reject: false });
  });

  it('refuses a rejection without a reason', () => {
    expect(partnerApplicationSnapshot('submitted').can({ type: 'application.reject', reason: ' ' })).toBe(false);
  });

  it('lets a rejected client apply again, not an approved one', () => {
    expect(selectMayApplyAgain(partnerApplicationSnapshot('rejected'))).toBe(true);
    expect(selectMayApplyAgain(partnerApplicationSnapshot('approved'))).toBe(false);
  });
});
