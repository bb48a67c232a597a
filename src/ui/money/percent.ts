import { intlLocale, type Locale } from '../../../contract/locales';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A percentage the API gives in percent (margin level 245.5, win rate 62.5) as the reader's
 * language writes it ("245.5%", "245,5 %"): at most `digits` decimals.
 */
export function formatPercent(percent: number, locale: Locale, digits = 2): string {
  const key = `${locale}:${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format.format(percent / 100);
}
