import { useEffect, useRef } from 'react';
import { intlLocale } from '../../contract/locales';
import { formatMoney } from '../../contract/money';
import { useLang } from '../lib/use-lang';

/**
 * One series of a money chart: values in minor units, each at a day (YYYY-MM-DD) or, on a chart
 * with `times`, a whole UTC second; strictly rising.
 */
export interface MoneySeries {
  /** Bars (a day's sum), steps (a level held until the next point), a line, or a line over a shaded area. */
  kind: 'bars' | 'steps' | 'line' | 'area';
  /** The design token the series is drawn in, e.g. `--brand`. */
  color: string;
  points: ReadonlyArray<{ date: string | number; value: number }>;
  /** The series' latest value as a badge on the scale (off where it would sit on another's). */
  lastValue?: boolean;
}

/** A design token's current value (the chart draws on a canvas, outside CSS). */
const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** `#rrggbb` with an opacity, as the canvas takes it (the chart parses colours itself, no color-mix). */
function alpha(hex: string, opacity: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return m ? `rgba(${parseInt(m[1]!, 16)}, ${parseInt(m[2]!, 16)}, ${parseInt(m[3]!, 16)}, ${opacity})` : hex;
}

/**
 * The one money chart of the app (the account's balance and equity, a partner's rewards per day):
 * a day axis, amounts formatted in the reader's language. lightweight-charts is imported on first
 * render, so its 50 KB load only on the screens that draw one (and stay out of the shell chunks).
 * Nobody scrolls or zooms it: whenever the box changes width (the layout settling, a rotated
 * phone) the whole period fits again, rather than the newest days falling off the right edge.
 */
export function MoneyChart({
  series,
  currency,
  precision,
  dark,
  label,
  className,
  times = false,
}: {
  series: readonly MoneySeries[];
  currency: string;
  precision: number;
  dark: boolean;
  label: string;
  className?: string;
  /** The points are UTC seconds and the axis shows times of day too. */
  times?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const lang = useLang();

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let disposed = false;
    let cleanup = () => {};
    void import('lightweight-charts').then(({ createChart, AreaSeries, HistogramSeries, LineSeries, ColorType, LineType }) => {
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
        timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true, timeVisible: times },
        localization: {
          locale: intlLocale(lang),
          priceFormatter: (price: number) => formatMoney(Math.round(price * scale), currency, precision, lang),
        },
        handleScroll: false,
        handleScale: false,
      });
      for (const s of series) {
        const color = token(s.color);
        const options = { priceLineVisible: false, lastValueVisible: s.lastValue ?? false };
        const line = { ...options, lineWidth: 2 as const };
        const drawn =
          s.kind === 'bars'
            ? chart.addSeries(HistogramSeries, { ...options, color })
            : s.kind === 'area'
              ? chart.addSeries(AreaSeries, { ...line, lineColor: color, topColor: alpha(color, 0.28), bottomColor: alpha(color, 0.02) })
              : chart.addSeries(LineSeries, { ...line, color, lineType: s.kind === 'steps' ? LineType.WithSteps : LineType.Simple });
        // Chart coordinates only: the figures on screen are formatted from the exact minor units.
        drawn.setData(s.points.map((p) => ({ time: p.date as never, value: p.value / scale })));
      }
      chart.timeScale().fitContent();
      chart.timeScale().subscribeSizeChange(() => chart.timeScale().fitContent());
      cleanup = () => chart.remove();
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [series, currency, precision, dark, lang, times]);

  return <div ref={box} className={className ? `chart-box ${className}` : 'chart-box'} role="img" aria-label={label} />;
}
