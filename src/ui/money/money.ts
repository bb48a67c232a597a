/** Numbers and currency names only the app shows; amounts of money are formatted by contract/money.ts. */
import { intlLocale, type Locale } from '../../../contract/locales';

const numberFilter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** The seed's number filter: 0 to 2 decimals, en-US format ("1,234.5"). */
export function formatNumber(value: number): string {
  return numberFilter.format(value);
}

/** A currency's name in the reader's language ("Euro", "евро"), falling back to the code. */
export function currencyName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([intlLocale(locale)], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}
