import { useEffect, useRef } from 'react';
import { intlLocale } from '../../../contract/locales';
import type { BalanceHistory } from '../../../contract/trading';
import { formatMoney } from '../../../contract/money';
import { useLang } from '../../lib/use-lang';

/** A design token's current value (the chart draws on a canvas, outside CSS). */
const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * The platform's balance (steps: it moves by deals) and equity (a line: it moves with prices) at
 * each day's end, drawn as the account page's curve draws them. lightweight-charts is imported
 * here, on first render, so its 50 KB load only on this screen (and stay out of the vendor and
 * shell chunks).
 */
export function BalanceChart({ history, dark, label }: { history: BalanceHistory; dark: boolean; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const lang = useLang();

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let disposed = false;
    let cleanup = () => {};
    void import('lightweight-charts').then(({ createChart, LineSeries, ColorType, LineType }) => {
      if (disposed) return;
      const scale = 10 ** history.precision;
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
          priceFormatter: (price: number) => formatMoney(Math.round(price * scale), history.currency, history.precision, lang),
        },
        handleScroll: false,
        handleScale: false,
      });
      // The balance's own badge on the scale would sit on the equity's (they are equal while nothing is open).
      const balance = chart.addSeries(LineSeries, { color: token('--warning'), lineWidth: 2, lineType: LineType.WithSteps, priceLineVisible: false, lastValueVisible: false });
      // Day-end samples: drawn as steps like the balance, a slope between two days' ends would be a move nobody saw.
      const equity = chart.addSeries(LineSeries, { color: token('--brand'), lineWidth: 2, lineType: LineType.WithSteps, priceLineVisible: false });
      // Chart coordinates only: the figures on screen are formatted from the exact minor units.
      balance.setData(history.points.map((p) => ({ time: p.date, value: p.balance / scale })));
      equity.setData(history.points.map((p) => ({ time: p.date, value: p.equity / scale })));
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
  }, [history, dark, lang]);

  return <div ref={box} className="chart-box" role="img" aria-label={label} />;
}
