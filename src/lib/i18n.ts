import { i18n, type Messages } from '@lingui/core';
import { intlLocale, LANGUAGES, type Locale } from '../../contract/locales';

/** Catalogs are the .po sources, one per folder of locales/; the Lingui Vite plugin compiles each on import into its own chunk. */
const catalogs = import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po');

export async function loadMessages(locale: Locale): Promise<void> {
  const load = catalogs[`../../locales/${locale}/messages.po`];
  if (!load) throw new Error(`No catalog locales/${locale}/messages.po`);
  const { messages } = await load();
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
