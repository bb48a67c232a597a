import { useMemo } from 'react';
import type { CurvePoint } from '../../../contract/platform';
import { MoneyChart } from '../../ui/MoneyChart';

/** Chart time: whole UTC seconds, strictly rising (a later point at the same second wins). */
function bySecond(points: CurvePoint[], pick: (p: CurvePoint) => number) {
  const values = new Map<number, number>();
  for (const point of points) values.set(Math.floor(Date.parse(point.time) / 1000), pick(point));
  return [...values.entries()].sort(([a], [b]) => a - b).map(([date, value]) => ({ date, value }));
}

/**
 * Balance (steps: it moves by deals) and equity (a line: it moves with prices), on the app's money
 * chart with times of day. The balance has no badge on the scale: it would sit on the equity's
 * (they are equal while nothing is open).
 */
export function CurveChart({ points, currency, precision, dark, label }: { points: CurvePoint[]; currency: string; precision: number; dark: boolean; label: string }) {
  const series = useMemo(
    () => [
      { kind: 'steps' as const, color: '--warning', points: bySecond(points, (p) => p.balance) },
      { kind: 'line' as const, color: '--brand', points: bySecond(points, (p) => p.equity), lastValue: true },
    ],
    [points],
  );
  return <MoneyChart series={series} currency={currency} precision={precision} dark={dark} label={label} times />;
}
