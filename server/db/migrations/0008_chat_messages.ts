import { primaryId, type MigrationDb } from '../dialect.ts';

/** Messages of a room. `user_id` null: posted by the system on the staff's side (e.g. a service request). */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('room_id', 'integer', (col) => col.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // A room's messages in order, and "after id N" for the resync.
  await db.schema.createIndex('chat_messages_room_id_id_index').on('chat_messages').columns(['room_id', 'id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('chat_messages').execute();
}
