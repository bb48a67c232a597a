import { primaryId, type MigrationDb } from '../dialect.ts';

/**
 * One support room per client. The read markers are the highest message id each side has
 * read: the client's, and the staff's (any admin reading counts for all of them).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('chat_rooms')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('agent_name', 'text', (col) => col.notNull())
    .addColumn('client_read_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('staff_read_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_message_id', 'integer')
    .addColumn('last_activity_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // The administration's list: newest activity first.
  await db.schema.createIndex('chat_rooms_last_activity_at_index').on('chat_rooms').column('last_activity_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('chat_rooms').execute();
}
