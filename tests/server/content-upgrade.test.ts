import type { MigrationDb } from '../../server/db/dialect.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCalendarEvent, CalendarEventsAnswer } from '../../contract/calendar.ts';
import type { ServiceOffer } from '../../contract/services.ts';
import { buildApp } from '../../server/app.ts';
import { connect } from '../../server/db/connect.ts';
import { migrateToLatest, migrator } from '../../server/db/migrate.ts';
import type { Db } from '../../server/db/schema.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { ADMIN_EMAIL, bearer, CLIENT_EMAIL, DEMO_PASSWORD, DIALECTS, testConfig, type FreshDatabase } from './support.ts';

/** The last migration of the old shape: articles a row per language, event titles a column per language. */
const BEFORE_TRANSLATIONS = '0013_chat_message_client_ids';
const STAMP = '2020-01-01T00:00:00.000Z';

/** Articles as the old shape held them: ids 11–13 one story in three languages, a draft in ru only, a story in en only. */
const OLD_ARTICLES = [
  { id: 11, lang: 'en', slug: 'rates', title: 'Rates hold', excerpt: 'Held.', body: 'Body en', published_at: '2020-01-02T00:00:00.000Z' },
  { id: 12, lang: 'ru', slug: 'rates', title: 'Ставки без изменений', excerpt: 'Без изменений.', body: 'Текст ru', published_at: '2020-01-03T00:00:00.000Z' },
  { id: 13, lang: 'ua', slug: 'rates', title: 'Ставки без змін', excerpt: 'Без змін.', body: 'Текст ua', published_at: '2020-01-02T00:00:00.000Z' },
  { id: 14, lang: 'ru', slug: 'draft', title: 'Черновик', excerpt: 'x', body: 'x', published_at: null },
  { id: 20, lang: 'en', slug: 'only-english', title: 'Only in English', excerpt: 'y', body: 'y', published_at: '2020-01-01T12:00:00.000Z' },
].map((row) => ({ ...row, cover_image: `/images/articles/${row.slug}.svg`, category: 'news', created_at: STAMP, updated_at: STAMP }));

const OLD_EVENT = {
  id: 7,
  starts_at: '2031-03-10T13:30:00.000Z',
  country: 'US',
  currency: 'USD',
  importance: 3,
  title_en: 'Nonfarm Payrolls',
  title_ru: 'Число рабочих мест вне сельского хозяйства',
  title_ua: 'Кількість робочих місць поза сільським господарством',
  actual: null,
  forecast: '200K',
  previous: '12K',
  created_by: null,
  created_at: STAMP,
  updated_at: STAMP,
};

describe.each(DIALECTS)('a database of the old content shape upgrading on $name', (dialect) => {
  let database: FreshDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await dialect.fresh();
    db = connect(testConfig(database.url).database);
    await (await migrator(db)).migrateTo(BEFORE_TRANSLATIONS);
    const old = db as unknown as MigrationDb;
    await old.insertInto('articles').values(OLD_ARTICLES).execute();
    await old.insertInto('calendar_events').values(OLD_EVENT).execute();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  async function withApp(check: (get: (url: string, lang: string, as?: string) => Promise<unknown>) => Promise<void>) {
    const app = await buildApp(testConfig(database.url), { db, platformOptions: { feed: 'manual', backfillDays: 0 } });
    try {
      await seedDemo(db, app.services.users, { platform: app.services.platform, secondFactor: app.services.secondFactor });
      const tokens = new Map<string, string>();
      for (const email of [CLIENT_EMAIL, ADMIN_EMAIL]) {
        // Staff sign in from a remembered device: their second factor is asked for once per device.
        const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
        const device = await app.services.secondFactor.trustDevice(user.id, null);
        const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD }, cookies: { trusted_device: device } });
        tokens.set(email, res.json<{ token: string }>().token);
      }
      await check(async (url, lang, as = CLIENT_EMAIL) => {
        const res = await app.inject({ method: 'GET', url, headers: { ...bearer(tokens.get(as)!), 'accept-language': lang } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      });
    } finally {
      await app.close();
    }
  }

  it('answers every article in en, ru and ua as it was stored, under its old id, drafts still left out', async () => {
    await withApp(async (get) => {
      const expected = (lang: string) =>
        OLD_ARTICLES.filter((row) => row.lang === lang && row.published_at)
          .sort((a, b) => b.published_at!.localeCompare(a.published_at!))
          .map(({ created_at: _c, updated_at: _u, ...article }) => article);
      for (const lang of ['en', 'ru', 'ua']) {
        expect(await get(`/api/articles/getAll?lang=${lang}`, lang), lang).toEqual(expected(lang));
      }
    });
  });

  it('answers an event in each language, and every title to staff, from the old title columns', async () => {
    await withApp(async (get) => {
      const query = 'date=2031-03-10&days=1&time_zone=UTC';
      for (const lang of ['en', 'ru', 'ua'] as const) {
        const answer = (await get(`/api/calendar/events?${query}`, lang)) as CalendarEventsAnswer;
        expect(answer.events.map((e) => [e.id, e.title])).toEqual([[7, OLD_EVENT[`title_${lang}`]]]);
      }
      const staff = (await get(`/api/admin/calendar/events?${query}`, 'en', ADMIN_EMAIL)) as { events: AdminCalendarEvent[] };
      const { created_by: _by, created_at: _c, updated_at: _u, ...fields } = OLD_EVENT;
      expect(staff.events).toEqual([{ ...fields, title: OLD_EVENT.title_en }]);
    });
  });

  it('keeps the service catalogue in every language', async () => {
    await withApp(async (get) => {
      for (const [lang, title] of [['en', 'Personal manager consultation'], ['ru', 'Консультация персонального менеджера'], ['ua', 'Консультація персонального менеджера']]) {
        expect(((await get('/api/services', lang!)) as ServiceOffer[])[0]!.title).toBe(title);
      }
    });
  });

  it('groups the language versions of a story into one article with a translation each', async () => {
    const articles = await db.selectFrom('articles').select(['id', 'slug']).orderBy('id').execute();
    expect(articles.map((a) => a.slug)).toEqual(['rates', 'draft', 'only-english']);
    const rates = await db.selectFrom('article_translations').select(['id', 'lang']).where('article_id', '=', articles[0]!.id).orderBy('id').execute();
    expect(rates).toEqual([{ id: 11, lang: 'en' }, { id: 12, lang: 'ru' }, { id: 13, lang: 'ua' }]);
  });

  it('numbers a translation added after the upgrade past the kept ids', async () => {
    const { id: articleId } = await db.selectFrom('articles').select('id').where('slug', '=', 'only-english').executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('article_translations')
      .values({ article_id: articleId, lang: 'ru', title: 'Только по-английски', excerpt: 'y', body: 'y', published_at: null, created_at: STAMP, updated_at: STAMP })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(20);
    await db.deleteFrom('article_translations').where('id', '=', id).execute();
  });

  it('gives the old shape back, row for row, when migrated down', async () => {
    await (await migrator(db)).migrateTo(BEFORE_TRANSLATIONS);
    const old = db as unknown as MigrationDb;
    expect(await old.selectFrom('articles').selectAll().orderBy('id').execute()).toEqual(OLD_ARTICLES);
    expect(await old.selectFrom('calendar_events').selectAll().execute()).toEqual([OLD_EVENT]);
    await migrateToLatest(db);
  });
});
