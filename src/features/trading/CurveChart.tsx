import { useEffect, useRef } from 'react';
import { intlLocale } from '../../../contract/locales';
import { formatMoney } from '../../../contract/money';
import type { CurvePoint } from '../../../contract/platform';
import { useLang } from '../../lib/use-lang';

/** A design token's current value (the chart draws on a canvas, outside CSS). */
const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** Chart time: whole UTC seconds, strictly rising (a later point at the same second wins). */
function series(points: CurvePoint[], pick: (p: CurvePoint) => number, scale: number) {
  const bySecond = new Map<number, number>();
  for (const point of points) bySecond.set(Math.floor(Date.parse(point.time) / 1000), pick(point) / scale);
  return [...bySecond.entries()].sort(([a], [b]) => a - b).map(([time, value]) => ({ time: time as never, value }));
}

/**
 * Balance (steps: it moves by deals) and equity (a line: it moves with prices), with
 * lightweight-charts as the analytics chart uses it: loaded here, on first render, in its own chunk.
 */
export function CurveChart({ points, currency, precision, dark, label }: { points: CurvePoint[]; currency: string; precision: number; dark: boolean; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const lang = useLang();

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let disposed = false;
    let cleanup = () => {};
    void import('lightweight-charts').then(({ createChart, LineSeries, ColorType, LineType }) => {
      if (disposed) return;
      const scale = 10 ** precision;
      const chart = createChart(container, {
        autoSize: true,
        layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: token('--text-muted'), fontFamily: token('--font-sans'), attributionLogo: false },
        grid: { vertLines: { visible: false }, horzLines: { color: token('--border') } },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true, timeVisible: true },
        localization: {
          locale: intlLocale(lang),
          priceFormatter: (price: number) => formatMoney(Math.round(price * scale), currency, precision, lang),
        },
        handleScroll: false,
        handleScale: false,
      });
      // The balance's own badge on the scale would sit on the equity's (they are equal while nothing is open).
      const balance = chart.addSeries(LineSeries, { color: token('--warning'), lineWidth: 2, lineType: LineType.WithSteps, priceLineVisible: false, lastValueVisible: false });
      const equity = chart.addSeries(LineSeries, { color: token('--brand'), lineWidth: 2, priceLineVisible: false });
      // Chart coordinates only: the figures on screen are formatted from exact minor units.
      balance.setData(series(points, (p) => p.balance, scale));
      equity.setData(series(points, (p) => p.equity, scale));
      chart.timeScale().fitContent();
      // Nobody scrolls or zooms it: whenever the box changes width (the layout settling, a rotated
      // phone) the whole period fits again, rather than the newest days falling off the right edge.
      chart.timeScale().subscribeSizeChange(() => chart.timeScale().fitContent());
      cleanup = () => chart.remove();
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [points, currency, precision, dark, lang]);

  return <div ref={box} className="chart-box" role="img" aria-label={label} />;
}
