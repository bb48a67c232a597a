import { useEffect, useRef } from 'react';
import { intlLocale } from '../../../contract/locales';
import { formatMoney } from '../../../contract/money';
import { useLang } from '../../lib/use-lang';

/** A day's rewards: `date` is the UTC day (YYYY-MM-DD), `amount` minor units. */
export interface RewardPoint {
  date: string;
  amount: number;
}

const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * Rewards credited per day, as bars, on the same chart library as the balance chart
 * (lightweight-charts, loaded on first render so it stays out of the other screens' chunks).
 */
export function RewardsChart({ points, currency, precision, dark, label }: { points: RewardPoint[]; currency: string; precision: number; dark: boolean; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const lang = useLang();

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let disposed = false;
    let cleanup = () => {};
    void import('lightweight-charts').then(({ createChart, HistogramSeries, ColorType }) => {
      if (disposed) return;
      const scale = 10 ** precision;
      const chart = createChart(container, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: 'transparent' },
          textColor: token('--text-muted'),
          fontFamily: token('--font-sans'),
          attributionLogo: false,
        },
        grid: { vertLines: { visible: false }, horzLines: { color: token('--border') } },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
        localization: {
          locale: intlLocale(lang),
          priceFormatter: (price: number) => formatMoney(Math.round(price * scale), currency, precision, lang),
        },
        handleScroll: false,
        handleScale: false,
      });
      const bars = chart.addSeries(HistogramSeries, { color: token('--brand'), priceLineVisible: false, lastValueVisible: false });
      bars.setData(points.map((p) => ({ time: p.date, value: p.amount / scale })));
      chart.timeScale().fitContent();
      chart.timeScale().subscribeSizeChange(() => chart.timeScale().fitContent());
      cleanup = () => chart.remove();
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [points, currency, precision, dark, lang]);

  return <div ref={box} className="chart-box investor-chart" role="img" aria-label={label} />;
}

const DAY_MS = 86_400_000;

/**
 * Reward lines summed per UTC day of crediting, every day from `since` (or the first line's day)
 * to `until` included, days without rewards as zero: the bars keep the period's scale.
 */
export function dailyRewards(lines: ReadonlyArray<{ credited_at: string; amount: number }>, since: string | null, until: string): RewardPoint[] {
  const byDay = new Map<string, number>();
  for (const line of lines) {
    const day = line.credited_at.slice(0, 10);
    if ((since !== null && day < since) || day > until) continue;
    byDay.set(day, (byDay.get(day) ?? 0) + line.amount);
  }
  const first = since ?? [...byDay.keys()].sort()[0];
  if (first === undefined) return [];
  const points: RewardPoint[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${until}T00:00:00Z`); at += DAY_MS) {
    const date = new Date(at).toISOString().slice(0, 10);
    points.push({ date, amount: byDay.get(date) ?? 0 });
  }
  return points;
}
