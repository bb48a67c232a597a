import { primaryId, type MigrationDb } from '../dialect.ts';
import { SERVICE_CATALOG } from '../content/service-catalog.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('articles')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('lang', 'text', (col) => col.notNull())
    // The same story shares its slug across languages, so a language switch keeps it open.
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('excerpt', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('cover_image', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    // Null: a draft. Later than now: scheduled.
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('articles_lang_slug_unique', ['lang', 'slug'])
    .execute();
  await db.schema.createIndex('articles_lang_published_index').on('articles').columns(['lang', 'published_at']).execute();

  await db.schema
    .createTable('services')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('icon', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('service_translations')
    .addColumn('service_id', 'integer', (col) => col.notNull().references('services.id').onDelete('cascade'))
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('service_translations_pkey', ['service_id', 'lang'])
    .execute();

  await db.schema
    .createTable('service_requests')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (col) => col.notNull().references('services.id'))
    .addColumn('note', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('service_requests_user_id_index').on('service_requests').columns(['user_id', 'created_at']).execute();

  // The catalogue is the product's, not demo data: every installation offers it.
  for (const [index, service] of SERVICE_CATALOG.entries()) {
    const { id } = await db
      .insertInto('services')
      .values({ code: service.code, icon: service.icon, sort_order: index + 1, active: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('service_translations')
      .values(Object.entries(service.text).map(([lang, text]) => ({ service_id: id, lang, ...text })))
      .execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('service_requests').execute();
  await db.schema.dropTable('service_translations').execute();
  await db.schema.dropTable('services').execute();
  await db.schema.dropTable('articles').execute();
}
