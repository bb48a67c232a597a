import { intlLocale, type Locale } from '../../../contract/locales';

const lotFormats = new Map<Locale, Intl.NumberFormat>();

/** Lots as the reader's language writes numbers ("1,234.5", "1 234,5"), at most two decimals (the platform's volume step). */
export function formatLots(lots: number, locale: Locale): string {
  let format = lotFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 });
    lotFormats.set(locale, format);
  }
  return format.format(lots);
}

const countFormats = new Map<Locale, Intl.NumberFormat>();

export function formatCount(count: number, locale: Locale): string {
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 });
    countFormats.set(locale, format);
  }
  return format.format(count);
}

/** Basis points as a percentage in the reader's language (1000 → "10%", "10 %"). */
export const bpsToPercent = (bps: number) => bps / 100;
