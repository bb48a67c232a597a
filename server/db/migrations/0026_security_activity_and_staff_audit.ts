import { sql } from 'kysely';
import { dialectOf, primaryId, type MigrationDb } from '../dialect.ts';

/**
 * The user's security feed (sign-ins that worked or failed, security changes; kept 90 days) and
 * the staff audit log, which no code path updates or deletes and the database itself refuses to
 * change (docs/adr/0088).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('security_events')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    // JSON facts of the event (the failure's reason, a passkey's name), or null.
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('security_events_user_created_index').on('security_events').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('staff_audit')
    .addColumn('id', 'integer', primaryId(db))
    // No foreign key: the record outlives the staff member's account.
    .addColumn('actor_id', 'integer', (col) => col.notNull())
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('actor_email', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('object_type', 'text', (col) => col.notNull())
    .addColumn('object_id', 'text')
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('staff_audit_created_index').on('staff_audit').column('created_at').execute();
  await db.schema.createIndex('staff_audit_actor_index').on('staff_audit').columns(['actor_id', 'created_at']).execute();
  await db.schema.createIndex('staff_audit_object_index').on('staff_audit').columns(['object_type', 'object_id']).execute();
  // The action filter, and the list of actions the filter offers (a distinct read of this index).
  await db.schema.createIndex('staff_audit_action_index').on('staff_audit').columns(['action', 'created_at']).execute();

  if (dialectOf(db) === 'postgres') {
    await sql`create function staff_audit_append_only() returns trigger language plpgsql as $$
      begin raise exception 'staff_audit is append-only'; end $$`.execute(db);
    await sql`create trigger staff_audit_no_update before update or delete on staff_audit for each row execute function staff_audit_append_only()`.execute(db);
    await sql`create trigger staff_audit_no_truncate before truncate on staff_audit for each statement execute function staff_audit_append_only()`.execute(db);
  } else {
    await sql`create trigger staff_audit_no_update before update on staff_audit begin select raise(abort, 'staff_audit is append-only'); end`.execute(db);
    await sql`create trigger staff_audit_no_delete before delete on staff_audit begin select raise(abort, 'staff_audit is append-only'); end`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop table staff_audit`.execute(db);
    await sql`drop function staff_audit_append_only()`.execute(db);
  } else {
    await db.schema.dropTable('staff_audit').execute();
  }
  await db.schema.dropTable('security_events').execute();
}
