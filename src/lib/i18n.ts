import { i18n } from '@lingui/core';
import { hasCatalogue, loadCatalogue } from 'virtual:route-catalogues';
import { intlLocale, LANGUAGES, type Locale } from '../../contract/locales';
import { DEFAULT_CATALOGUE_GROUP, type CatalogueGroup } from './catalogue-groups';

/**
 * Catalogues come in parts, one per language and route group (scripts/route-catalogues.ts): the
 * default group's messages always, another group's once one of its routes has been entered. A
 * language loads the parts of every group entered so far, so switching language on a signed-in
 * screen brings that screen's messages too.
 */
const groups = new Set<CatalogueGroup>([DEFAULT_CATALOGUE_GROUP]);
const parts = new Map<string, Promise<void>>();

function loadPart(locale: Locale, group: CatalogueGroup): Promise<void> {
  const key = `${locale}:${group}`;
  let part = parts.get(key);
  // An address with no screen part of its own (`/en/administration` under `app`): nothing to add.
  if (!part && !hasCatalogue(locale, group)) return Promise.resolve();
  if (!part) {
    part = loadCatalogue(locale, group).then((messages) => i18n.load(locale, messages));
    // A failed part is tried again on the next visit to its route, not remembered as failed.
    part.catch(() => parts.delete(key));
    parts.set(key, part);
  }
  return part;
}

/** The locale machine's load: every part entered so far, in that language. */
export async function loadMessages(locale: Locale): Promise<void> {
  await Promise.all([...groups].map((group) => loadPart(locale, group)));
}

/** A group's route is entered: its part in the given language, and in every language loaded later. */
export function loadGroupMessages(locale: Locale, group: CatalogueGroup): Promise<void> {
  groups.add(group);
  return loadPart(locale, group);
}

/** Switches the interface language; `ua` formats dates and numbers as Ukrainian (`uk`). */
export function activateLocale(locale: Locale): void {
  // Lingui 5 takes the Intl locales through `activate(locale, locales)`.
  i18n.activate(locale, [intlLocale(locale)]);
  document.documentElement.lang = intlLocale(locale);
  document.documentElement.dir = LANGUAGES[locale].dir;
}

export { i18n };
