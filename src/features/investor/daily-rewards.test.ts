import { describe, expect, it } from 'vitest';
import type { PartnerStatsDay } from '../../../contract/partners';
import { dailyRewardTotals } from './RewardsChart';

const day = (date: string, cpa: number, lot: number, second_level: number): PartnerStatsDay => ({ day: date, rewards: { cpa, lot, second_level }, registrations: 0, funded: 0, volume_lots: 0 });

describe('rewards per day for the chart', () => {
  it('draws each day of the server’s series as the sum of its kinds, days without rewards as zero', () => {
    expect(dailyRewardTotals([day('2026-03-02', 0, 0, 0), day('2026-03-03', 5_000, 600, 0), day('2026-03-04', 0, 80, 12)])).toEqual([
      { date: '2026-03-02', value: 0 },
      { date: '2026-03-03', value: 5_600 },
      { date: '2026-03-04', value: 92 },
    ]);
  });
});
