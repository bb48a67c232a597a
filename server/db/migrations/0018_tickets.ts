import { sql } from 'kysely';
import { primaryId, type MigrationDb } from '../dialect.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('tickets')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'text', (col) =>
      col.notNull().check(sql`category in ('account', 'deposit', 'withdrawal', 'verification', 'trading', 'other')`),
    )
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('open', 'awaiting_staff', 'awaiting_client', 'resolved', 'closed')`),
    )
    // Bumped by every change of status or handler: a change applies only to the version it was decided on.
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('assignee_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // Where it came from: the client's form, a service request, a chat that found nobody online.
    .addColumn('source', 'text', (col) => col.notNull().defaultTo('client'))
    .addColumn('service_request_id', 'integer', (col) => col.references('service_requests.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('first_response_at', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('rating', 'integer', (col) => col.check(sql`rating between 1 and 5`))
    .addColumn('rating_comment', 'text')
    .addColumn('rated_at', 'text')
    // The current resolution is rated (reset when it is resolved again).
    .addColumn('rated', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('tickets_user_index').on('tickets').columns(['user_id', 'updated_at']).execute();
  await db.schema.createIndex('tickets_queue_index').on('tickets').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('tickets_assignee_index').on('tickets').columns(['assignee_id', 'status']).execute();

  await db.schema
    .createTable('ticket_messages')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('ticket_id', 'integer', (col) => col.notNull().references('tickets.id').onDelete('cascade'))
    // Null for a message the system wrote (a service request, a chat nobody answered).
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('author_kind', 'text', (col) => col.notNull().check(sql`author_kind in ('client', 'staff', 'system')`))
    .addColumn('body', 'text', (col) => col.notNull())
    // Staff's internal note: never in a client's answer.
    .addColumn('internal', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ticket_messages_ticket_index').on('ticket_messages').columns(['ticket_id', 'id']).execute();

  await db.schema
    .createTable('ticket_attachments')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('ticket_id', 'integer', (col) => col.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (col) => col.notNull().references('ticket_messages.id').onDelete('cascade'))
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    // Random file name inside UPLOAD_DIR, as identity documents.
    .addColumn('storage_name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ticket_attachments_message_index').on('ticket_attachments').columns(['message_id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('ticket_attachments').execute();
  await db.schema.dropTable('ticket_messages').execute();
  await db.schema.dropTable('tickets').execute();
}
