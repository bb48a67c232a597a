import { sql } from 'kysely';
import { dialectOf, type MigrationDb } from '../dialect.ts';

/**
 * The history total without counting (docs/adr/0098): `ledger_counts` holds how many entries each
 * user has per account, kind and status, kept by the same triggers that bump `ledger_versions`
 * (0029). A total under the account, kind and status filters is then a sum over a few dozen rows,
 * exact after every write, instead of a count of the user's entries again after each write.
 * Only a date filter still counts, over its dates, cached per ledger version as before.
 *
 * The staff's room list takes its 200 rooms by `(last_activity_at, id)`, the order it shows:
 * an index in that order lets PostgreSQL read the newest 200 instead of sorting every room.
 *
 * On PostgreSQL the count is kept in 0029's statement-level trigger functions, after the version
 * bump: the user's version row is locked first, so two writers of one user's ledger take the
 * count rows one after the other, in one order (never a deadlock between them).
 */
export async function up(db: MigrationDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('ledger_counts')
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('entries', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('ledger_counts_primary_key', ['user_id', 'account_id', 'kind', 'status'])
    .execute();
  await db.schema.createIndex('chat_rooms_activity_id_index').on('chat_rooms').columns(['last_activity_at', 'id']).execute();
  await sql`insert into ledger_counts (user_id, account_id, kind, status, entries)
    select user_id, account_id, kind, status, count(*) from ledger_entries group by user_id, account_id, kind, status`.execute(db);

  if (postgres) {
    const changes = {
      insert: 'select user_id, account_id, kind, status, 1 as delta from new_rows',
      delete: 'select user_id, account_id, kind, status, -1 as delta from old_rows',
      update: 'select user_id, account_id, kind, status, 1 as delta from new_rows union all select user_id, account_id, kind, status, -1 from old_rows',
    };
    for (const [event, rows] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
      await sql
        .raw(
          `create or replace function ledger_versions_bump_${event}() returns trigger language plpgsql as $$
           begin
             insert into ledger_versions (user_id, version) select distinct user_id, 1 from ${rows}_rows order by user_id
             on conflict (user_id) do update set version = ledger_versions.version + 1;
             insert into ledger_counts (user_id, account_id, kind, status, entries)
               select user_id, account_id, kind, status, sum(delta) from (${changes[event]}) as change
               group by user_id, account_id, kind, status having sum(delta) <> 0
               order by user_id, account_id, kind, status
             on conflict (user_id, account_id, kind, status) do update set entries = ledger_counts.entries + excluded.entries;
             return null;
           end $$`,
        )
        .execute(db);
    }
    // An update's count moves from the old values to the new: the trigger sees both.
    await sql`drop trigger ledger_versions_update on ledger_entries`.execute(db);
    await sql`create trigger ledger_versions_update after update on ledger_entries
      referencing old table as old_rows new table as new_rows for each statement execute function ledger_versions_bump_update()`.execute(db);
    return;
  }

  await sql`create trigger ledger_counts_insert after insert on ledger_entries begin
    insert into ledger_counts (user_id, account_id, kind, status, entries) values (new.user_id, new.account_id, new.kind, new.status, 1)
    on conflict (user_id, account_id, kind, status) do update set entries = entries + 1;
  end`.execute(db);
  await sql`create trigger ledger_counts_delete after delete on ledger_entries begin
    update ledger_counts set entries = entries - 1
    where user_id = old.user_id and account_id = old.account_id and kind = old.kind and status = old.status;
  end`.execute(db);
  await sql`create trigger ledger_counts_update after update of user_id, account_id, kind, status on ledger_entries
    when old.user_id is not new.user_id or old.account_id is not new.account_id or old.kind is not new.kind or old.status is not new.status
  begin
    update ledger_counts set entries = entries - 1
    where user_id = old.user_id and account_id = old.account_id and kind = old.kind and status = old.status;
    insert into ledger_counts (user_id, account_id, kind, status, entries) values (new.user_id, new.account_id, new.kind, new.status, 1)
    on conflict (user_id, account_id, kind, status) do update set entries = entries + 1;
  end`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // 0029's functions as they were: the version bump alone.
    for (const [event, rows] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
      await sql
        .raw(
          `create or replace function ledger_versions_bump_${event}() returns trigger language plpgsql as $$
           begin
             insert into ledger_versions (user_id, version) select distinct user_id, 1 from ${rows}_rows
             on conflict (user_id) do update set version = ledger_versions.version + 1;
             return null;
           end $$`,
        )
        .execute(db);
    }
    await sql`drop trigger ledger_versions_update on ledger_entries`.execute(db);
    await sql`create trigger ledger_versions_update after update on ledger_entries
      referencing new table as new_rows for each statement execute function ledger_versions_bump_update()`.execute(db);
  } else {
    for (const name of ['ledger_counts_insert', 'ledger_counts_delete', 'ledger_counts_update']) await sql.raw(`drop trigger ${name}`).execute(db);
  }
  await db.schema.dropTable('ledger_counts').execute();
  await db.schema.dropIndex('chat_rooms_activity_id_index').execute();
}
