import { sql } from 'kysely';
import type { MigrationDb } from '../dialect.ts';

/**
 * A chat that finds nobody online becomes a ticket (docs/adr/0087): the ticket remembers its room,
 * and each ticket message copied from the chat its chat message, once (the unique index makes a
 * retried or concurrent copy a no-op). A room has at most one unresolved chat ticket at a time.
 */
export async function up(db: MigrationDb): Promise<void> {
  // No foreign key: SQLite cannot drop a column that has one (down), and rooms are never deleted.
  await db.schema.alterTable('tickets').addColumn('chat_room_id', 'integer').execute();
  await db.schema.alterTable('ticket_messages').addColumn('chat_message_id', 'integer').execute();
  await db.schema.createIndex('ticket_messages_chat_message_unique').on('ticket_messages').column('chat_message_id').unique().execute();
  await db.schema
    .createIndex('tickets_open_chat_ticket_unique')
    .on('tickets')
    .column('chat_room_id')
    .unique()
    .where(sql<boolean>`chat_room_id is not null and status in ('open', 'awaiting_staff', 'awaiting_client')`)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('tickets_open_chat_ticket_unique').execute();
  await db.schema.dropIndex('ticket_messages_chat_message_unique').execute();
  await db.schema.alterTable('ticket_messages').dropColumn('chat_message_id').execute();
  await db.schema.alterTable('tickets').dropColumn('chat_room_id').execute();
}
