import { describe, expect, it } from 'vitest';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { identityDocumentMachine } from './identity-document.machine';
import { identityDocumentModel } from './identity-document.model';
import { identityDocumentSnapshot, selectAwaitsReview, selectReviewActions } from './identity-document.selectors';

const pathsByInput = modelPaths(identityDocumentModel);
const paths = pathsByInput.flatMap((walk) => walk.paths);

describe('identity-document machine, model-based', () => {
  it('follows every generated path on a real actor', async () => {
    expect(await replayModel(identityDocumentModel, pathsByInput)).toBe(paths.length);
  });

  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(identityDocumentMachine, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('never leaves a decision: approved and rejected are final', () => {
    for (const path of paths) {
      const decided = path.steps.findIndex((step) => step.state.matches('approved') || step.state.matches('rejected'));
      if (decided === -1) continue;
      for (const step of path.steps.slice(decided)) expect(step.state.value).toBe(path.steps[decided]!.state.value);
    }
  });
});

describe('identity-document selectors', () => {
  it('offers review steps while the document waits, none once decided', () => {
    expect(selectReviewActions(identityDocumentSnapshot('uploaded'))).toEqual({ review: true, approve: true, reject: true });
    expect(selectAwaitsReview(identityDocumentSnapshot('under_review'))).toBe(true);
    expect(selectReviewActions(identityDocumentSnapshot('rejected'))).toEqual({ review: false, approve: false, reject: false });
  });
});
