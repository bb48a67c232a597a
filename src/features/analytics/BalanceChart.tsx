import { useMemo } from 'react';
import type { BalanceHistory } from '../../../contract/trading';
import { MoneyChart } from '../../ui/MoneyChart';

/**
 * The platform's balance (steps: it moves by deals) and equity at each day's end, drawn as the
 * account page's curve draws them. Day-end samples: the equity as steps too, a slope between two
 * days' ends would be a move nobody saw.
 */
export function BalanceChart({ history, dark, label }: { history: BalanceHistory; dark: boolean; label: string }) {
  const series = useMemo(
    () => [
      // The balance's own badge on the scale would sit on the equity's (they are equal while nothing is open).
      { kind: 'steps' as const, color: '--warning', points: history.points.map((p) => ({ date: p.date, value: p.balance })) },
      { kind: 'steps' as const, color: '--brand', points: history.points.map((p) => ({ date: p.date, value: p.equity })), lastValue: true },
    ],
    [history],
  );
  return <MoneyChart series={series} currency={history.currency} precision={history.precision} dark={dark} label={label} />;
}
