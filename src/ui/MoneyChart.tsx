import { useEffect, useRef } from 'react';
import { intlLocale } from '../../contract/locales';
import { formatMoney } from '../../contract/money';
import { useLang } from '../lib/use-lang';

/** One series of a day-by-day money chart: values in minor units, a day (YYYY-MM-DD) each. */
export interface MoneySeries {
  /** Bars (a day's sum) or steps (a level held until the next day's). */
  kind: 'bars' | 'steps';
  /** The design token the series is drawn in, e.g. `--brand`. */
  color: string;
  points: ReadonlyArray<{ date: string; value: number }>;
  /** The series' latest value as a badge on the scale (off where it would sit on another's). */
  lastValue?: boolean;
}

/** A design token's current value (the chart draws on a canvas, outside CSS). */
const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * The one money chart of the app (the account's balance and equity, a partner's rewards per day):
 * a day axis, amounts formatted in the reader's language. lightweight-charts is imported on first
 * render, so its 50 KB load only on the screens that draw one (and stay out of the shell chunks).
 * Nobody scrolls or zooms it: whenever the box changes width (the layout settling, a rotated
 * phone) the whole period fits again, rather than the newest days falling off the right edge.
 */
export function MoneyChart({ series, currency, precision, dark, label, className }: { series: readonly MoneySeries[]; currency: string; precision: number; dark: boolean; label: string; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const lang = useLang();

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let disposed = false;
    let cleanup = () => {};
    void import('lightweight-charts').then(({ createChart, HistogramSeries, LineSeries, ColorType, LineType }) => {
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
      for (const s of series) {
        const options = { color: token(s.color), priceLineVisible: false, lastValueVisible: s.lastValue ?? false };
        const drawn = s.kind === 'bars' ? chart.addSeries(HistogramSeries, options) : chart.addSeries(LineSeries, { ...options, lineWidth: 2, lineType: LineType.WithSteps });
        // Chart coordinates only: the figures on screen are formatted from the exact minor units.
        drawn.setData(s.points.map((p) => ({ time: p.date, value: p.value / scale })));
      }
      chart.timeScale().fitContent();
      chart.timeScale().subscribeSizeChange(() => chart.timeScale().fitContent());
      cleanup = () => chart.remove();
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [series, currency, precision, dark, lang]);

  return <div ref={box} className={className ? `chart-box ${className}` : 'chart-box'} role="img" aria-label={label} />;
}
