import { intlLocale, type Locale } from '../../../contract/locales';
import { minorToDecimal } from '../../../contract/money';

const numberFilter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** The seed's number filter: 0 to 2 decimals, en-US format ("1,234.5"). */
export function formatNumber(value: number): string {
  return numberFilter.format(value);
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Minor units as money in the reader's language ("$1,250.50", "1 250,50 $"). Formatted from
 * exact decimal text, never through a floating-point division.
 */
export function formatMoney(minor: number, currency: string, precision: number, locale: Locale, options: { sign?: boolean } = {}): string {
  const key = `${locale}:${currency}:${precision}:${options.sign ? 1 : 0}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency,
      minimumFractionDigits: precision,
      maximumFractionDigits: precision,
      signDisplay: options.sign ? 'exceptZero' : 'auto',
    });
    currencyFormats.set(key, format);
  }
  return format.format(minorToDecimal(minor, precision) as `${number}`);
}

/**
 * Minor units as a person would type them in their language, without the currency
 * ("1,250.50", "1 250,50"); `parseTypedAmount` reads this text back to the same amount.
 */
export function formatAmountInput(minor: number, precision: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: precision, maximumFractionDigits: precision }).format(
    minorToDecimal(minor, precision) as `${number}`,
  );
}

/** A currency's name in the reader's language ("Euro", "евро"), falling back to the code. */
export function currencyName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([intlLocale(locale)], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}
