import { useEffect, useRef } from 'react';
import { intlLocale } from '../../../contract/locales';
import type { BalanceHistory } from '../../../contract/trading';
import { formatMoney } from '../../../contract/money';
import { useLang } from '../../lib/use-lang';

/** A design token's current value (the chart draws on a canvas, outside CSS). */
const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** `#0b3d91` at `alpha` as rgba(), which the chart's colour parser reads (it knows no color-mix). */
function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.replace('#', '').slice(0, 6), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/**
 * The balance as an area chart. lightweight-charts is imported here, on first render, so its
 * 50 KB load only on this screen (and stay out of the vendor and shell chunks).
 */
export function BalanceChart({ history, dark, label }: { history: BalanceHistory; dark: boolean; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const lang = useLang();

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let disposed = false;
    let cleanup = () => {};
    void import('lightweight-charts').then(({ createChart, AreaSeries, ColorType, LineType }) => {
      if (disposed) return;
      const scale = 10 ** history.precision;
      const brand = token('--brand');
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
      const series = chart.addSeries(AreaSeries, {
        lineColor: brand,
        lineWidth: 2,
        // A balance changes in steps (an entry), not along a slope.
        lineType: LineType.WithSteps,
        topColor: withAlpha(brand, 0.28),
        bottomColor: withAlpha(brand, 0.02),
        priceLineVisible: false,
      });
      // Chart coordinates only: the figures on screen are formatted from the exact minor units.
      series.setData(history.points.map((p) => ({ time: p.date, value: p.balance / scale })));
      chart.timeScale().fitContent();
      cleanup = () => chart.remove();
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [history, dark, lang]);

  return <div ref={box} className="chart-box" role="img" aria-label={label} />;
}
