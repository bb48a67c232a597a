import type { MigrationDb } from '../dialect.ts';

/**
 * Support's view of who is there: when each user was last online (from the hub's presence
 * webhooks), who is in which presence channel now (so that any app process answers "online?"
 * from the database, whichever process received the webhook), and support's office hours.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_seen_at', 'text').execute();

  await db.schema
    .createTable('presence_members')
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('presence_members_pkey', ['channel', 'user_id'])
    .execute();
  // "Is this client online anywhere?" for each row of the staff's room list.
  await db.schema.createIndex('presence_members_user_id_index').on('presence_members').column('user_id').execute();

  // Settings staff change at run time, one JSON document per key (office hours for now).
  await db.schema
    .createTable('support_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('support_settings').execute();
  await db.schema.dropTable('presence_members').execute();
  await db.schema.alterTable('users').dropColumn('last_seen_at').execute();
}
