import { DEFAULT_LOCALE, localeOfLanguage, type Locale } from '../../contract/locales.ts';
import { perLocale } from './per-locale.ts';
import type { Catalog, MessageKey, MessageParams } from './types.ts';

export type { MessageKey, MessageParams } from './types.ts';

const catalogs = await perLocale<Catalog>('server/i18n', (locale) => import(`./${locale}.ts`));

export function t(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  return catalogs[locale].messages[key](params);
}

/** A field's name in `locale`; an unknown field reads as its name with spaces ("first_name" → "first name"). */
export function attributeName(locale: Locale, field: string): string {
  return catalogs[locale].attributes[field] ?? catalogs.en.attributes[field] ?? field.replaceAll('_', ' ');
}

/**
 * The language of an answer, from Accept-Language: the supported tag with the highest
 * q-value (`uk` and `ua` both mean Ukrainian; regions are ignored), else English.
 */
export function negotiateLocale(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const candidate = localeOfLanguage(tag.trim().split('-')[0] ?? '');
    if (!candidate) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { locale: candidate, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
