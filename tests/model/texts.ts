import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '../../contract/locales';

/**
 * What the user reads, in each language, straight from the Lingui catalogs the app is built
 * from: a driver or an assertion names a message by its id (the English text, or the explicit
 * id) and gets it in the path's current language.
 */
function readCatalog(locale: Locale): Map<string, string> {
  const po = readFileSync(fileURLToPath(new URL(`../../locales/${locale}/messages.po`, import.meta.url)), 'utf8');
  const messages = new Map<string, string>();
  for (const match of po.matchAll(/^msgid "((?:[^"\\]|\\.)+)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)) {
    messages.set(JSON.parse(`"${match[1]}"`), JSON.parse(`"${match[2]}"`));
  }
  return messages;
}

const catalogs = new Map(LOCALES.map((locale) => [locale, readCatalog(locale)]));

export function text(locale: Locale, id: string): string {
  const message = catalogs.get(locale)?.get(id);
  if (!message) throw new Error(`No ${locale} message "${id}" in locales/${locale}/messages.po`);
  return message;
}

/** The `lang` attribute the app sets on <html> (`ua` is Ukrainian, `uk` for the platform). */
export const htmlLang = (locale: Locale): string => (locale === 'ua' ? 'uk' : locale);
