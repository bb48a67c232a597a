import { primaryId, type MigrationDb } from '../dialect.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('calendar_events')
    .addColumn('id', 'integer', primaryId(db))
    // ISO-8601 UTC; ranges compare as text.
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('importance', 'integer', (col) => col.notNull())
    .addColumn('title_en', 'text', (col) => col.notNull())
    .addColumn('title_ru', 'text', (col) => col.notNull())
    .addColumn('title_ua', 'text', (col) => col.notNull())
    .addColumn('actual', 'text')
    .addColumn('forecast', 'text')
    .addColumn('previous', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('calendar_events_starts_at_index').on('calendar_events').column('starts_at').execute();

  await db.schema
    .createTable('calendar_settings')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    // Comma-separated lists: a handful of short codes, read and written whole.
    .addColumn('currencies', 'text', (col) => col.notNull())
    .addColumn('importance', 'text', (col) => col.notNull())
    .addColumn('time_zone', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('calendar_settings').execute();
  await db.schema.dropTable('calendar_events').execute();
}
