import { describe, expect, it } from 'vitest';
import { allocateProRata, IPO_OFFERING_STATES, needsReconfirmation, type IpoOfferingState } from '../../contract/ipo';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { ipoOfferingMachine, type IpoOfferingEvent } from './ipo-offering.machine';
import { AFTER_DEADLINE, BEFORE_OPENING, DEADLINE, ipoOfferingModel, OPENS_AT } from './ipo-offering.model';
import { ipoOfferingSnapshot, nextIpoState, selectIpoActions, selectIpoPhase } from './ipo-offering.selectors';

const pathsByInput = modelPaths(ipoOfferingModel);
const paths = pathsByInput.flatMap((walk) => walk.paths);

describe('IPO offering machine, model-based', () => {
  it('follows every generated path on a real actor', async () => {
    expect(await replayModel(ipoOfferingModel, pathsByInput)).toBe(paths.length);
  });

  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(ipoOfferingMachine, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('has one state per stored value', () => {
    expect(Object.keys(ipoOfferingMachine.states).sort()).toEqual([...IPO_OFFERING_STATES].sort());
  });
});

const step = (state: IpoOfferingState, event: IpoOfferingEvent) => nextIpoState(ipoOfferingSnapshot(state), event);

describe('IPO offering lifecycle', () => {
  it('opens the window only once its opening time has come', () => {
    expect(step('announced', { type: 'offering.open', at: BEFORE_OPENING, opens_at: OPENS_AT })).toBeNull();
    expect(step('announced', { type: 'offering.open', at: OPENS_AT, opens_at: OPENS_AT })).toBe('open');
    expect(step('draft', { type: 'offering.open', at: OPENS_AT, opens_at: OPENS_AT })).toBeNull();
  });

  it('allocates only when no reconfirmation is pending or its deadline has passed', () => {
    expect(step('priced', { type: 'offering.allocate', at: OPENS_AT, reconfirm_until: DEADLINE, awaiting: 2 })).toBeNull();
    expect(step('priced', { type: 'offering.allocate', at: AFTER_DEADLINE, reconfirm_until: DEADLINE, awaiting: 2 })).toBe('allocated');
    expect(step('priced', { type: 'offering.allocate', at: OPENS_AT, reconfirm_until: DEADLINE, awaiting: 0 })).toBe('allocated');
  });

  it('cancels with a reason until allocation, never after', () => {
    for (const state of ['draft', 'announced', 'open', 'closed', 'priced'] as const) {
      expect(step(state, { type: 'offering.cancel', reason: 'Withdrawn.' })).toBe('cancelled');
      expect(step(state, { type: 'offering.cancel', reason: '' })).toBeNull();
    }
    expect(step('allocated', { type: 'offering.cancel', reason: 'Too late.' })).toBeNull();
  });

  it('offers staff only the steps possible now, and groups offerings for clients', () => {
    const facts = { opens_at: OPENS_AT, reconfirm_until: null, awaiting: 0 };
    expect(selectIpoActions(ipoOfferingSnapshot('announced'), facts, BEFORE_OPENING)).toEqual({ edit: true, steps: ['offering.cancel'], price: false, allocate: false });
    expect(selectIpoActions(ipoOfferingSnapshot('closed'), facts, OPENS_AT)).toEqual({ edit: false, steps: ['offering.cancel'], price: true, allocate: false });
    expect(selectIpoActions(ipoOfferingSnapshot('listed'), facts, OPENS_AT)).toEqual({ edit: false, steps: [], price: false, allocate: false });
    expect(selectIpoPhase(ipoOfferingSnapshot('draft'))).toBe('hidden');
    expect(selectIpoPhase(ipoOfferingSnapshot('announced'))).toBe('upcoming');
    expect(selectIpoPhase(ipoOfferingSnapshot('priced'))).toBe('past');
  });
});

describe('IPO rules', () => {
  it('asks for reconfirmation only past 20% outside the range', () => {
    expect(needsReconfirmation(1_200, 900, 1_000)).toBe(false);
    expect(needsReconfirmation(1_201, 900, 1_000)).toBe(true);
    expect(needsReconfirmation(720, 900, 1_000)).toBe(false);
    expect(needsReconfirmation(719, 900, 1_000)).toBe(true);
  });

  it('allocates pro-rata adding up exactly to the shares offered, with the per-client maximum', () => {
    const requests = [
      { id: 1, shares: 100 },
      { id: 2, shares: 100 },
      { id: 3, shares: 100 },
    ];
    const even = allocateProRata(requests, 100, null);
    expect([...even.values()].reduce((a, b) => a + b, 0)).toBe(100);
    // 33.33 each: the one share left goes to the earliest request.
    expect([...even.entries()]).toEqual([
      [1, 34],
      [2, 33],
      [3, 33],
    ]);
    // Capped at 200: 200 and 10 of 100 offered are 95.24 and 4.76; the share left goes to the larger remainder.
    const capped = allocateProRata([{ id: 1, shares: 1_000 }, { id: 2, shares: 10 }], 100, 200);
    expect([...capped.entries()]).toEqual([
      [1, 95],
      [2, 5],
    ]);
    expect([...allocateProRata([{ id: 1, shares: 1_000 }, { id: 2, shares: 10 }], 500, 200).values()]).toEqual([200, 10]);
    expect(allocateProRata([{ id: 1, shares: 5 }], 100, null).get(1)).toBe(5);
    const huge = allocateProRata([{ id: 1, shares: 999_999_999 }, { id: 2, shares: 333_333_333 }], 987_654_321, null);
    expect((huge.get(1) ?? 0) + (huge.get(2) ?? 0)).toBe(987_654_321);
  });
});
