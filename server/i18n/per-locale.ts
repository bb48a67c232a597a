import { LOCALES, type Locale } from '../../contract/locales.ts';

/**
 * One module per language of LOCALES, each exporting a value named after its language
 * (`ru.ts` exports `ru`): the server's catalogs and the mail copy. Adding a language adds the
 * file, not a line here (docs/adding-a-language.md). `load` imports `./<locale>.ts` relative to its caller.
 */
export async function perLocale<T>(folder: string, load: (locale: Locale) => Promise<Record<string, unknown>>): Promise<Record<Locale, T>> {
  const entries = await Promise.all(
    LOCALES.map(async (locale) => {
      const value = (await load(locale))[locale];
      if (value === undefined) throw new Error(`${folder}/${locale}.ts exports no \`${locale}\` (docs/adding-a-language.md)`);
      return [locale, value as T] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Locale, T>;
}
