/** What the product knows of one interface language; docs/adding-a-language.md says where the rest lives. */
export interface LanguageInfo {
  /** The BCP 47 tag for `Intl` and the `lang` attribute (`ua` is the product's code; its CLDR locale is `uk`). */
  intl: string;
  /** The language's name in itself, as the language switcher shows it. */
  name: string;
  /** The writing direction, for the `dir` attribute. */
  dir: 'ltr' | 'rtl';
  /**
   * How amounts are typed (contract/money.ts): the marks read as the decimal mark, and those read
   * as group separators besides spaces, which group in every language.
   */
  typed: { decimal: string; group: string };
}

/** The interface languages, in the switcher's order: the one list to extend with a new language. */
export const LANGUAGES = {
  en: { intl: 'en', name: 'English', dir: 'ltr', typed: { decimal: '.', group: ',' } },
  ru: { intl: 'ru', name: 'Русский', dir: 'ltr', typed: { decimal: ',.', group: '' } },
  ua: { intl: 'uk', name: 'Українська', dir: 'ltr', typed: { decimal: ',.', group: '' } },
} as const satisfies Record<string, LanguageInfo>;

export type Locale = keyof typeof LANGUAGES;
/** The product's language codes, in the order of LANGUAGES. */
export const LOCALES = Object.keys(LANGUAGES) as readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(LANGUAGES, value);
}

/** The BCP 47 tag used for Intl formatting and the `lang` attribute of a product locale. */
export function intlLocale(locale: Locale): string {
  return LANGUAGES[locale].intl;
}

/** The product locale of a primary language subtag, by its code or its Intl tag (`uk` and `ua` are Ukrainian). */
export function localeOfLanguage(language: string): Locale | undefined {
  const lower = language.toLowerCase();
  return isLocale(lower) ? lower : LOCALES.find((locale) => intlLocale(locale) === lower);
}
