import type { I18n } from '@lingui/core';
import type { InvestingCurrency } from '../../../contract/investing';
import { intlLocale, type Locale } from '../../../contract/locales';
import { formatMoney, typedAmountToDecimal } from '../../../contract/money';

/** An amount in minor units of `currency`, in the reader's language ("1 250,50 $" in ru). */
export const money = (minor: number, currency: InvestingCurrency, lang: Locale, sign = false) => formatMoney(minor, currency.code, currency.precision, lang, { sign });

const percents = new Map<string, Intl.NumberFormat>();

/** A percentage the API gives in percent (12.5), signed when asked ("+12.5%", "+12,5 %"). */
export function percent(value: number, lang: Locale, { sign = false, digits = 2 }: { sign?: boolean; digits?: number } = {}): string {
  const key = `${lang}:${sign}:${digits}`;
  let format = percents.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: digits, signDisplay: sign ? 'exceptZero' : 'auto' });
    percents.set(key, format);
  }
  // A zero is written plainly: no "-0 %" from a negated zero.
  return format.format(value === 0 ? 0 : value / 100);
}

/** A plain count or volume ("1 234", "0,01") in the reader's language. */
export const count = (i18n: I18n, value: number, digits = 2) => i18n.number(value, { maximumFractionDigits: digits });

export const dateTime = (i18n: I18n, iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
export const date = (i18n: I18n, iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium' });

/** A strategy's age in the largest sensible unit ("45 days", "5 months", "2 years"), plural forms by Intl. */
export function age(days: number, lang: Locale): string {
  const [value, unit] = days < 60 ? [days, 'day'] : days < 730 ? [Math.floor(days / 30.4), 'month'] : [Math.floor(days / 365), 'year'];
  return new Intl.NumberFormat(intlLocale(lang), { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }).format(value);
}

/** Minutes as the reader says them ("60 minutes", "2 hours"). */
export function minutes(value: number, lang: Locale): string {
  const [amount, unit] = value >= 60 && value % 60 === 0 ? [value / 60, 'hour'] : [value, 'minute'];
  return new Intl.NumberFormat(intlLocale(lang), { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }).format(amount);
}

/** A percentage typed as the reader's language writes numbers ("12.5", "12,5"), at most two decimals; null when unreadable. */
export function readPercent(text: string, lang: Locale): number | null {
  const typed = typedAmountToDecimal(text.replace(/%/g, ''), lang);
  if (!typed.ok || !/^\d+(\.\d{1,2})?$/.test(typed.decimal)) return null;
  return Number(typed.decimal);
}

/** The colour class of a result: rising green, falling red, nothing for zero. */
export const tone = (value: number) => (value > 0 ? 'invest-up' : value < 0 ? 'invest-down' : '');
