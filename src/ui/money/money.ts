/** Numbers and currency names only the app shows; amounts of money are formatted by contract/money.ts. */
import { intlLocale, type Locale } from '../../../contract/locales';

/**
 * Made on first use, not when the module loads: a page's first `Intl` object loads the browser's
 * locale data (tens of milliseconds on a phone), and this module comes with the home screen.
 */
let numberFilter: Intl.NumberFormat | undefined;

/** The seed's number filter: 0 to 2 decimals, en-US format ("1,234.5"). */
export function formatNumber(value: number): string {
  numberFilter ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
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
