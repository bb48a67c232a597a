import { useMemo } from 'react';
import type { PartnerStatsDay } from '../../../contract/partners';
import { MoneyChart } from '../../ui/MoneyChart';

/** A day's rewards of every kind: the server sums each kind per day (the statistics' daily series). */
export function dailyRewardTotals(daily: readonly PartnerStatsDay[]): { date: string; value: number }[] {
  return daily.map((d) => ({ date: d.day, value: d.rewards.cpa + d.rewards.lot + d.rewards.second_level }));
}

/** Rewards earned per day of the period, as bars, on the app's one money chart. */
export function RewardsChart({ daily, currency, precision, dark, label }: { daily: readonly PartnerStatsDay[]; currency: string; precision: number; dark: boolean; label: string }) {
  const series = useMemo(() => [{ kind: 'bars' as const, color: '--brand', points: dailyRewardTotals(daily) }], [daily]);
  return <MoneyChart series={series} currency={currency} precision={precision} dark={dark} label={label} className="investor-chart" />;
}
