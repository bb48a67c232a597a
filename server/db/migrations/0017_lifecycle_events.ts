import { sql } from 'kysely';
import { primaryId, type MigrationDb } from '../dialect.ts';

/**
 * One formal lifecycle per business object (docs/adr/0082): every transition recorded in
 * `lifecycle_events`; deposits and withdrawals, and identity documents, store their machine's state.
 * Rows made before this migration get the state their columns imply and the steps their times tell.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('lifecycle_events')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('object_id', 'integer', (col) => col.notNull())
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('actor_role', 'text', (col) => col.notNull().check(sql`actor_role in ('client', 'staff', 'system')`))
    .addColumn('reason', 'text')
    .addColumn('expected_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // An object's timeline, in order.
  await db.schema.createIndex('lifecycle_events_object_index').on('lifecycle_events').columns(['kind', 'object_id', 'id']).execute();

  await db.schema.alterTable('ledger_entries').addColumn('state', 'text').execute();
  await db.schema.alterTable('ledger_entries').addColumn('reason', 'text').execute();
  await db.schema.alterTable('ledger_entries').addColumn('expected_at', 'text').execute();
  await sql`update ledger_entries set state = case
      when status = 'completed' then 'completed'
      when status = 'rejected' then 'rejected'
      when decided_at is not null then 'approved'
      else 'submitted' end
    where kind in ('deposit', 'withdrawal')`.execute(db);

  await db.schema.alterTable('verification_documents').addColumn('state', 'text', (col) => col.notNull().defaultTo('uploaded')).execute();
  await db.schema.alterTable('verification_documents').addColumn('expected_at', 'text').execute();
  await sql`update verification_documents set state = status where status in ('approved', 'rejected')`.execute(db);

  // The steps of earlier rows, as far as their columns tell: created, then the decision.
  await sql`insert into lifecycle_events (kind, object_id, from_state, to_state, event, actor_id, actor_role, created_at)
    select 'wallet_request', id, null, 'submitted', 'created', user_id, 'client', created_at
    from ledger_entries where kind in ('deposit', 'withdrawal')`.execute(db);
  await sql`insert into lifecycle_events (kind, object_id, from_state, to_state, event, actor_id, actor_role, reason, created_at)
    select 'wallet_request', id, 'submitted', state,
      case when state = 'rejected' then 'request.reject' else 'request.approve' end,
      decided_by, case when decided_by is null then 'system' else 'staff' end, null, decided_at
    from ledger_entries where kind in ('deposit', 'withdrawal') and state <> 'submitted' and decided_at is not null`.execute(db);
  await sql`insert into lifecycle_events (kind, object_id, from_state, to_state, event, actor_id, actor_role, created_at)
    select 'identity_document', id, null, 'uploaded', 'created', user_id, 'client', submitted_at from verification_documents`.execute(db);
  await sql`insert into lifecycle_events (kind, object_id, from_state, to_state, event, actor_id, actor_role, reason, created_at)
    select 'identity_document', id, 'uploaded', state,
      case when state = 'rejected' then 'document.reject' else 'document.approve' end,
      reviewer_id, 'staff', rejection_reason, reviewed_at
    from verification_documents where state <> 'uploaded' and reviewed_at is not null`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('lifecycle_events').execute();
  await db.schema.alterTable('ledger_entries').dropColumn('state').execute();
  await db.schema.alterTable('ledger_entries').dropColumn('reason').execute();
  await db.schema.alterTable('ledger_entries').dropColumn('expected_at').execute();
  await db.schema.alterTable('verification_documents').dropColumn('state').execute();
  await db.schema.alterTable('verification_documents').dropColumn('expected_at').execute();
}
