import { sql } from 'kysely';
import { primaryId, type MigrationDb } from '../dialect.ts';

/**
 * The agent's workspace in chats: a room's status (open or resolved) and the staff member who
 * claimed it; files sent in a chat (one per message, stored like identity documents); and the
 * canned replies staff insert with `/`, one set per language.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('chat_rooms')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open').check(sql`status in ('open', 'resolved')`))
    .execute();
  // A claim is cleared, not the room, when the staff member's account goes.
  await db.schema
    .alterTable('chat_rooms')
    .addColumn('assignee_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('chat_rooms_status_activity_index').on('chat_rooms').columns(['status', 'last_activity_at']).execute();

  await db.schema
    .createTable('chat_attachments')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('message_id', 'integer', (col) => col.notNull().unique().references('chat_messages.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (col) => col.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull().check(sql`mime_type in ('image/png', 'image/jpeg', 'application/pdf')`))
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('storage_name', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chat_attachments_room_index').on('chat_attachments').column('room_id').execute();

  await db.schema
    .createTable('canned_replies')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('shortcut', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // One reply per shortcut and language; the composer's list is read by language, in shortcut order.
  await db.schema.createIndex('canned_replies_lang_shortcut_unique').unique().on('canned_replies').columns(['lang', 'shortcut']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('canned_replies').execute();
  await db.schema.dropTable('chat_attachments').execute();
  await db.schema.dropIndex('chat_rooms_status_activity_index').execute();
  await db.schema.alterTable('chat_rooms').dropColumn('assignee_id').execute();
  await db.schema.alterTable('chat_rooms').dropColumn('status').execute();
}
