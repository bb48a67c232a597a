import { describe, expect, it } from 'vitest';
import { maxDrawdown, proportionalVolume, riskScore, stopLossFloor } from '../../contract/investing.ts';
import { feesDue, managementFee, markAfterWithdrawal, performanceFee } from '../../server/services/copy-fees.ts';
import { decide } from '../../server/services/strategy-bots.ts';

const step = { volume_min: 0.01, volume_step: 0.01, volume_max: 100 };

describe('copy-trading rules', () => {
  it('copies in proportion to equity, rounded down to the step, never below the minimum', () => {
    expect(proportionalVolume(1, 2_000, 10_000, step)).toBe(0.2);
    expect(proportionalVolume(0.3, 1_000, 3_000, step)).toBe(0.1);
    expect(proportionalVolume(1, 1_999, 10_000, step)).toBe(0.19);
    expect(proportionalVolume(0.01, 2_000, 10_000, step)).toBeNull();
    expect(proportionalVolume(50, 1_000_000, 1_000, step)).toBe(100);
    expect(proportionalVolume(1, 0, 10_000, step)).toBeNull();
  });

  it('puts a percent stop-loss below the money invested, a money one where it is set', () => {
    expect(stopLossFloor({ kind: 'percent', value: 20 }, 100_000)).toBe(80_000);
    expect(stopLossFloor({ kind: 'money', value: 75_000 }, 100_000)).toBe(75_000);
    expect(stopLossFloor(null, 100_000)).toBeNull();
  });

  it('scores risk from 1 to 10 by volatility and drawdown', () => {
    const calm = Array.from({ length: 60 }, (_, i) => 100 + i * 0.05);
    const wild = Array.from({ length: 60 }, (_, i) => 100 * (i % 2 === 0 ? 1 : 0.9));
    expect(riskScore(calm)).toBe(1);
    expect(riskScore(wild)).toBe(10);
    expect(riskScore([100])).toBe(10);
    expect(maxDrawdown([100, 120, 90, 130])).toBeCloseTo(0.25, 10);
  });

  it('computes fees an investor can recompute, and keeps the high-water mark through a loss and a recovery', () => {
    expect(managementFee(100_000, 200, 365)).toBe(2_000);
    expect(managementFee(100_000, 365, 1)).toBe(10);
    expect(performanceFee(110_000, 100_000, 2_000)).toBe(2_000);
    expect(performanceFee(90_000, 100_000, 2_000)).toBe(0);
    expect(markAfterWithdrawal(100_000, 120_000, 60_000)).toBe(50_000);
    const base = { managementBps: 0, performanceBps: 2_000, accruedTo: '2030-01-01', periodStart: '2030-01-01T00:00:00.000Z', feePeriod: 'weekly' as const, trigger: 'daily' as const };
    const gain = feesDue({ ...base, equity: 110_000, highWaterMark: 100_000, now: new Date('2030-01-08T00:00:00.000Z') });
    expect(gain.lines).toEqual([expect.objectContaining({ kind: 'performance', amount: 2_000, equity: 110_000, high_water_mark: 100_000 })]);
    expect(gain.highWaterMark).toBe(108_000);
    const loss = feesDue({ ...base, equity: 95_000, highWaterMark: 108_000, now: new Date('2030-01-08T00:00:00.000Z') });
    expect(loss.lines[0]!.amount).toBe(0);
    expect(loss.highWaterMark).toBe(108_000);
    // Mid-period, the daily run charges no performance fee.
    expect(feesDue({ ...base, equity: 120_000, highWaterMark: 100_000, now: new Date('2030-01-03T00:00:00.000Z') }).lines).toEqual([]);
  });
});

describe('the seeded bots’ rules', () => {
  const flat = Array.from({ length: 20 }, () => 1.1);
  it('goes with the moving-average crossover, and reverses on a cross', () => {
    const rising = Array.from({ length: 25 }, (_, i) => 1.1 + i * 0.001);
    expect(decide('ma_crossover', rising, null)).toEqual({ type: 'open', side: 'buy' });
    expect(decide('ma_crossover', rising, 'buy')).toBeNull();
    expect(decide('ma_crossover', [...rising].reverse(), 'buy')).toEqual({ type: 'reverse', side: 'sell' });
    expect(decide('ma_crossover', rising.slice(0, 10), null)).toBeNull();
  });

  it('buys a fall far below the mean, and closes back at the mean', () => {
    const noisy = flat.map((p, i) => p + (i % 2 === 0 ? 0.001 : -0.001));
    expect(decide('mean_reversion', [...noisy, 1.09], null)).toEqual({ type: 'open', side: 'buy' });
    expect(decide('mean_reversion', [...noisy, 1.11], null)).toEqual({ type: 'open', side: 'sell' });
    expect(decide('mean_reversion', [...noisy, 1.1005], null)).toBeNull();
    expect(decide('mean_reversion', [...noisy, 1.1005], 'buy')).toEqual({ type: 'close' });
  });
});
