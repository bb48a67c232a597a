import { describe, expect, it } from 'vitest';
import { dailyRewards } from './RewardsChart';

const line = (credited_at: string, amount: number) => ({ credited_at, amount });

describe('rewards per day for the chart', () => {
  it('sums each UTC day and gives every day of the period, days without rewards as zero', () => {
    const lines = [line('2026-03-03T00:05:00.000Z', 600), line('2026-03-03T23:59:00.000Z', 5_000), line('2026-03-05T00:05:00.000Z', 90), line('2026-02-20T00:05:00.000Z', 7)];
    expect(dailyRewards(lines, '2026-03-02', '2026-03-05')).toEqual([
      { date: '2026-03-02', amount: 0 },
      { date: '2026-03-03', amount: 5_600 },
      { date: '2026-03-04', amount: 0 },
      { date: '2026-03-05', amount: 90 },
    ]);
  });

  it('starts "all time" at the first reward, and has nothing to draw without rewards', () => {
    expect(dailyRewards([line('2026-03-04T10:00:00.000Z', 100)], null, '2026-03-05').map((p) => p.date)).toEqual(['2026-03-04', '2026-03-05']);
    expect(dailyRewards([], null, '2026-03-05')).toEqual([]);
  });
});
