import { intlLocale, type Locale } from '../../../contract/locales';

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, min: number, max: number, style: 'decimal' | 'percent' = 'decimal'): Intl.NumberFormat {
  const key = `${locale}:${min}:${max}:${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), { style, minimumFractionDigits: min, maximumFractionDigits: max });
    formats.set(key, format);
  }
  return format;
}

/** A price with the instrument's digits, as the language writes numbers ("1.08012", "1,08012"). */
export const formatPrice = (value: number, digits: number, locale: Locale) => numberFormat(locale, digits, digits).format(value);

/** Lots with two decimals at least ("0.10", "0,10"), more when the grid has them. */
export const formatVolume = (value: number, locale: Locale) => numberFormat(locale, 2, 3).format(value);

/** A percentage given in percent (margin level 245.5 → "245.50%", "245,50 %"). */
export const formatPercent = (value: number, locale: Locale) => numberFormat(locale, 2, 2, 'percent').format(value / 100);

