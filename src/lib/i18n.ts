import { i18n, type Messages } from '@lingui/core';
import { intlLocale, LANGUAGES, type Locale } from '../../contract/locales';

/**
 * Catalogs are the .po sources; the Lingui Vite plugin compiles each on import into its own chunk.
 * Written out rather than globbed: the glob's path keys cost the sign-in path bytes, and a new
 * language of LOCALES fails to compile until its line is here.
 */
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages.po'),
  ru: () => import('../../locales/ru/messages.po'),
  ua: () => import('../../locales/ua/messages.po'),
};

export async function loadMessages(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.load(locale, messages);
}

/** Switches the interface language; `ua` formats dates and numbers as Ukrainian (`uk`). */
export function activateLocale(locale: Locale): void {
  // Lingui 5 takes the Intl locales through `activate(locale, locales)`.
  i18n.activate(locale, [intlLocale(locale)]);
  document.documentElement.lang = intlLocale(locale);
  document.documentElement.dir = LANGUAGES[locale].dir;
}

export { i18n };
