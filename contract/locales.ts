/** The interface languages. `ua` is the product's code for Ukrainian; its CLDR locale is `uk`. */
export const LOCALES = ['en', 'ru', 'ua'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The BCP 47 tag used for Intl formatting of a product locale. */
export function intlLocale(locale: Locale): string {
  return locale === 'ua' ? 'uk' : locale;
}
