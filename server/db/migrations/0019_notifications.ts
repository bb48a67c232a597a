import { sql } from 'kysely';
import { primaryId, type MigrationDb } from '../dialect.ts';

/**
 * In-app notifications, and each user's switches per event. A preference row exists only where
 * the user changed something: without one, both in-app and e-mail are on.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('link', 'text')
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // The list: a user's notifications, newest (highest id) first.
  await db.schema.createIndex('notifications_user_id_id_index').on('notifications').columns(['user_id', 'id']).execute();
  // The bell's count, asked on every page load: only the unread rows are indexed.
  await db.schema
    .createIndex('notifications_unread_index')
    .on('notifications')
    .column('user_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('in_app', 'integer', (col) => col.notNull())
    .addColumn('email', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pkey', ['user_id', 'event'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('notifications').execute();
}
