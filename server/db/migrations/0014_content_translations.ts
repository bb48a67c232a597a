import { type ExpressionBuilder, sql } from 'kysely';
import { dialectOf, primaryId, type MigrationDb } from '../dialect.ts';

type MigrationTables = Record<string, Record<string, unknown>>;

/**
 * Translated content is stored one way: the language-neutral row, and a translation table keyed
 * by (row, lang), as service_translations already was (docs/adding-a-language.md). Articles were
 * a row per language; calendar events a column per language. Nothing is lost on the way:
 * - an article's language versions (same slug) become one article with a translation each; a
 *   translation keeps its old row's id, which is what GET /api/articles/getAll answers, and its
 *   own publication time and timestamps;
 * - each of an event's `title_en|ru|ua` becomes a translation row.
 * The languages named here are those of the shape being replaced; a new language needs rows, not
 * a migration of the schema.
 */
const OLD_TITLE_LANGS = ['en', 'ru', 'ua'] as const;

interface OldArticle {
  id: number;
  lang: string;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  cover_image: string;
  category: string;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export async function up(db: MigrationDb): Promise<void> {
  await splitArticles(db);
  await splitEventTitles(db);
}

async function splitArticles(db: MigrationDb): Promise<void> {
  // Created under a temporary name, renamed once the old table is gone: references follow the rename.
  await db.schema
    .createTable('articles_new')
    .addColumn('id', 'integer', primaryId(db))
    // Shared by every language, so a language switch keeps the story open.
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('cover_image', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('articles_slug_unique', ['slug'])
    .execute();
  await db.schema
    .createTable('article_translations')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('article_id', 'integer', (col) => col.notNull().references('articles_new.id').onDelete('cascade'))
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('excerpt', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    // Null: a draft. Later than now: scheduled. Per language: a translation may follow later.
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('article_translations_article_lang_unique', ['article_id', 'lang'])
    .execute();
  await db.schema
    .createIndex('article_translations_lang_published_index')
    .on('article_translations')
    .columns(['lang', 'published_at'])
    .execute();

  const old = (await db.selectFrom('articles').selectAll().orderBy('id').execute()) as unknown as OldArticle[];
  const bySlug = new Map<string, OldArticle[]>();
  for (const row of old) bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), row]);
  for (const [slug, versions] of bySlug) {
    const first = versions[0]!;
    const differing = versions.find((v) => v.cover_image !== first.cover_image || v.category !== first.category);
    // One article holds one cover and one category; refusing keeps both rather than dropping one.
    if (differing) {
      throw new Error(`Article "${slug}" has a different cover or category in ${first.lang} and ${differing.lang}; make them equal, then migrate`);
    }
    const { id } = await db
      .insertInto('articles_new')
      .values({
        slug,
        cover_image: first.cover_image,
        category: first.category,
        created_at: versions.map((v) => v.created_at).sort()[0],
        updated_at: versions.map((v) => v.updated_at).sort().at(-1),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('article_translations')
      .values(versions.map(({ slug: _slug, cover_image: _cover, category: _category, ...translation }) => ({ ...translation, article_id: id })))
      .execute();
  }
  // Ids were given explicitly: PostgreSQL's identity must continue after them (SQLite's does by itself).
  if (dialectOf(db) === 'postgres' && old.length > 0) {
    await sql`select setval(pg_get_serial_sequence('article_translations', 'id'), (select max(id) from article_translations))`.execute(db);
  }

  await db.schema.dropTable('articles').execute();
  await db.schema.alterTable('articles_new').renameTo('articles').execute();
}

async function splitEventTitles(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('calendar_event_translations')
    .addColumn('event_id', 'integer', (col) => col.notNull().references('calendar_events.id').onDelete('cascade'))
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('calendar_event_translations_pkey', ['event_id', 'lang'])
    .execute();
  for (const lang of OLD_TITLE_LANGS) {
    await db
      .insertInto('calendar_event_translations')
      .columns(['event_id', 'lang', 'title'])
      .expression(db.selectFrom('calendar_events').select(['id', sql<string>`${sql.lit(lang)}`.as('lang'), `title_${lang}`]))
      .execute();
  }
  // One column per statement: SQLite drops one at a time.
  for (const lang of OLD_TITLE_LANGS) {
    await db.schema.alterTable('calendar_events').dropColumn(`title_${lang}`).execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const lang of OLD_TITLE_LANGS) {
    await db.schema.alterTable('calendar_events').addColumn(`title_${lang}`, 'text', (col) => col.notNull().defaultTo('')).execute();
    await db
      .updateTable('calendar_events')
      .set({
        [`title_${lang}`]: (eb: ExpressionBuilder<MigrationTables, 'calendar_events'>) =>
          eb
            .selectFrom('calendar_event_translations')
            .select('title')
            .whereRef('calendar_event_translations.event_id', '=', 'calendar_events.id')
            .where('calendar_event_translations.lang', '=', lang),
      })
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('calendar_event_translations')
            .select('title')
            .whereRef('calendar_event_translations.event_id', '=', 'calendar_events.id')
            .where('calendar_event_translations.lang', '=', lang),
        ),
      )
      .execute();
  }
  await db.schema.dropTable('calendar_event_translations').execute();

  await db.schema
    .createTable('articles_old')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('excerpt', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('cover_image', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('articles_lang_slug_unique', ['lang', 'slug'])
    .execute();
  const rows = await db
    .selectFrom('article_translations as t')
    .innerJoin('articles as a', 'a.id', 't.article_id')
    .select(['t.id', 't.lang', 'a.slug', 't.title', 't.excerpt', 't.body', 'a.cover_image', 'a.category', 't.published_at', 't.created_at', 't.updated_at'])
    .orderBy('t.id')
    .execute();
  for (let at = 0; at < rows.length; at += 500) await db.insertInto('articles_old').values(rows.slice(at, at + 500)).execute();
  if (dialectOf(db) === 'postgres' && rows.length > 0) {
    await sql`select setval(pg_get_serial_sequence('articles_old', 'id'), (select max(id) from articles_old))`.execute(db);
  }
  await db.schema.dropTable('article_translations').execute();
  await db.schema.dropTable('articles').execute();
  await db.schema.alterTable('articles_old').renameTo('articles').execute();
  await db.schema.createIndex('articles_lang_published_index').on('articles').columns(['lang', 'published_at']).execute();
}
