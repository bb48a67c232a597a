import { useMemo } from 'react';
import type { EquityPoint, InvestingCurrency } from '../../../contract/investing';
import { MoneyChart } from '../../ui/MoneyChart';

/** A strategy's equity at each day's end, on the app's money chart, over a shaded area. */
export function EquityChart({ points, currency, dark, label }: { points: readonly EquityPoint[]; currency: InvestingCurrency; dark: boolean; label: string }) {
  const series = useMemo(() => {
    // One point a day; several on the same day (the last is "now") keep the latest.
    const byDay = new Map<string, number>();
    for (const p of points) byDay.set(p.time.slice(0, 10), p.equity);
    return [{ kind: 'area' as const, color: '--brand', points: [...byDay].map(([date, value]) => ({ date, value })), lastValue: true }];
  }, [points]);
  return <MoneyChart series={series} currency={currency.code} precision={currency.precision} dark={dark} label={label} className="invest-chart" />;
}
