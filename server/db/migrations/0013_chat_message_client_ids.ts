import type { MigrationDb } from '../dialect.ts';

/**
 * The id the sender's app gives a message, so a send repeated after a lost answer is stored
 * once. Unique per room and sender; NULL (the seed's clients, system messages) never collides.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('client_id', 'text').execute();
  await db.schema
    .createIndex('chat_messages_room_user_client_unique')
    .unique()
    .on('chat_messages')
    .columns(['room_id', 'user_id', 'client_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('chat_messages_room_user_client_unique').execute();
  await db.schema.alterTable('chat_messages').dropColumn('client_id').execute();
}
