import { useEffect, useRef } from 'react';
import type { EquityPoint, InvestingCurrency } from '../../../contract/investing';
import { intlLocale } from '../../../contract/locales';
import { formatMoney } from '../../../contract/money';
import { useLang } from '../../lib/use-lang';

/** A design token's current value (the chart draws on a canvas, outside CSS); the light theme's where styles are absent. */
const token = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** `#rrggbb` with an opacity, as the canvas takes it (the chart parses colours itself, no color-mix). */
function alpha(hex: string, opacity: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return m ? `rgba(${parseInt(m[1]!, 16)}, ${parseInt(m[2]!, 16)}, ${parseInt(m[3]!, 16)}, ${opacity})` : hex;
}

/**
 * A strategy's equity at each day's end, as the analytics balance chart draws it (lightweight-charts,
 * imported on first render so it loads only on this screen). `dark` redraws it in the other theme.
 */
export function EquityChart({ points, currency, dark, label }: { points: readonly EquityPoint[]; currency: InvestingCurrency; dark: boolean; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const lang = useLang();

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let disposed = false;
    let cleanup = () => {};
    void import('lightweight-charts').then(({ createChart, AreaSeries, ColorType }) => {
      if (disposed) return;
      const scale = 10 ** currency.precision;
      const chart = createChart(container, {
        autoSize: true,
        layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: token('--text-muted', '#4f5d73'), fontFamily: token('--font-sans', 'system-ui'), attributionLogo: false },
        grid: { vertLines: { visible: false }, horzLines: { color: token('--border', '#dde2ea') } },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
        localization: {
          locale: intlLocale(lang),
          priceFormatter: (price: number) => formatMoney(Math.round(price * scale), currency.code, currency.precision, lang),
        },
        handleScroll: false,
        handleScale: false,
      });
      const brand = token('--brand', '#0b3d91');
      const equity = chart.addSeries(AreaSeries, {
        lineColor: brand,
        topColor: alpha(brand, 0.28),
        bottomColor: alpha(brand, 0.02),
        lineWidth: 2,
        priceLineVisible: false,
      });
      // One point a day; several on the same day (the last is "now") keep the latest.
      const byDay = new Map<string, number>();
      for (const p of points) byDay.set(p.time.slice(0, 10), p.equity / scale);
      equity.setData([...byDay].map(([time, value]) => ({ time, value })));
      chart.timeScale().fitContent();
      chart.timeScale().subscribeSizeChange(() => chart.timeScale().fitContent());
      cleanup = () => chart.remove();
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [points, currency, dark, lang]);

  return <div ref={box} className="chart-box invest-chart" role="img" aria-label={label} />;
}
