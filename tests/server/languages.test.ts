import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { titleField } from '../../contract/calendar.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../contract/locales.ts';
import type { Catalog } from '../../server/i18n/types.ts';
import type { MailCopy } from '../../server/mail/copy/types.ts';
import { DIALECTS, startTestApp, type TestApp } from './support.ts';

/**
 * What docs/adding-a-language.md asks of a new language of LOCALES, checked for each one: the
 * compiler cannot see a missing catalog file or a missing content row. Content rows do not depend
 * on the dialect, so SQLite is enough.
 */
describe.each(LOCALES)('the language %s', (locale) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(DIALECTS[0]!);
  });
  afterAll(() => t.close());

  it('has its interface catalog, server catalog and mail copy', async () => {
    expect(existsSync(`locales/${locale}/messages.po`)).toBe(true);
    const catalog = ((await import(`../../server/i18n/${locale}.ts`)) as Record<string, Catalog>)[locale];
    const english = ((await import(`../../server/i18n/${DEFAULT_LOCALE}.ts`)) as Record<string, Catalog>)[DEFAULT_LOCALE]!;
    expect(Object.keys(catalog?.attributes ?? {}).sort()).toEqual(Object.keys(english.attributes).sort());
    // Staff's event form has a title field per language, each named in every language.
    for (const other of LOCALES) expect(catalog?.attributes[titleField(other)], titleField(other)).toBeTruthy();
    expect(((await import(`../../server/mail/copy/${locale}.ts`)) as Record<string, MailCopy>)[locale]).toBeDefined();
  });

  it('offers the whole service catalogue in its words', async () => {
    const [own, all] = await Promise.all([t.app.services.serviceCatalog.offers(locale), t.app.services.serviceCatalog.offers(DEFAULT_LOCALE)]);
    expect(own.map((offer) => offer.code)).toEqual(all.map((offer) => offer.code));
  });

  it('has every seeded article and calendar title written in it', async () => {
    const [own, all] = await Promise.all([t.app.services.articles.published(locale), t.app.services.articles.published(DEFAULT_LOCALE)]);
    expect(own.map((article) => article.slug)).toEqual(all.map((article) => article.slug));
    const events = await t.db.selectFrom('calendar_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const titled = await t.db
      .selectFrom('calendar_event_translations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('lang', '=', locale)
      .executeTakeFirstOrThrow();
    expect(Number(titled.n)).toBe(Number(events.n));
  });
});
