import { sql } from 'kysely';
import { dialectOf, type MigrationDb } from '../dialect.ts';

/**
 * What a million rows need (docs/adr/0091):
 * - History pages by keyset on every filter the screen offers: the status filter gets its own
 *   `(…, status, created_at, id)` indexes, as account and kind already have.
 * - The history total is counted once per filter and cached against `ledger_versions.version`,
 *   which triggers bump on any insert, update or delete of the user's entries, whoever writes them
 *   (the wallet, the platform relay, IPO, another process).
 * - The staff's room search by a client's name or e-mail: an FTS5 trigram index on SQLite, pg_trgm
 *   GIN indexes on PostgreSQL; both answer substring matches, checked again by the same LIKE.
 */
export async function up(db: MigrationDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema.createIndex('ledger_entries_user_status_created_index').on('ledger_entries').columns(['user_id', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('ledger_entries_account_status_created_index').on('ledger_entries').columns(['account_id', 'status', 'created_at', 'id']).execute();

  await db.schema
    .createTable('ledger_versions')
    .addColumn('user_id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into ledger_versions (user_id, version) select distinct user_id, 1 from ledger_entries`.execute(db);

  if (postgres) {
    // Statement-level triggers: one bump per statement, not per row (a batch insert of 500 is one bump).
    for (const [event, rows] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
      await sql
        .raw(
          `create function ledger_versions_bump_${event}() returns trigger language plpgsql as $$
           begin
             insert into ledger_versions (user_id, version) select distinct user_id, 1 from ${rows}_rows
             on conflict (user_id) do update set version = ledger_versions.version + 1;
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ledger_versions_${event} after ${event} on ledger_entries
           referencing ${rows} table as ${rows}_rows for each statement execute function ledger_versions_bump_${event}()`,
        )
        .execute(db);
    }
    await trigramIndexes(db);
    return;
  }

  for (const [event, row] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
    await sql
      .raw(
        `create trigger ledger_versions_${event} after ${event} on ledger_entries begin
           insert into ledger_versions (user_id, version) values (${row}.user_id, 1)
           on conflict (user_id) do update set version = version + 1;
         end`,
      )
      .execute(db);
  }
  // An external-content FTS5 table over the users' names and e-mails, kept by triggers.
  await sql`create virtual table users_search using fts5(name, email, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  await sql`insert into users_search (rowid, name, email) select id, first_name || ' ' || second_name, email from users`.execute(db);
  await sql`create trigger users_search_insert after insert on users begin
    insert into users_search (rowid, name, email) values (new.id, new.first_name || ' ' || new.second_name, new.email);
  end`.execute(db);
  await sql`create trigger users_search_update after update of first_name, second_name, email on users begin
    delete from users_search where rowid = old.id;
    insert into users_search (rowid, name, email) values (new.id, new.first_name || ' ' || new.second_name, new.email);
  end`.execute(db);
  await sql`create trigger users_search_delete after delete on users begin
    delete from users_search where rowid = old.id;
  end`.execute(db);
}

/**
 * pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it. It lives in one
 * schema of the database whatever schema this installation uses; where it cannot be created the
 * search stays correct, only unindexed (the server logs nothing: the query is the same).
 */
async function trigramIndexes(db: MigrationDb): Promise<void> {
  // Two installations migrating at once must not both create it.
  await sql`select pg_advisory_xact_lock(7291029)`.execute(db);
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
    return;
  }
  const schema = (await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db)).rows[0]!.schema;
  const ops = sql.raw(`${schema}.gin_trgm_ops`);
  await sql`create index users_name_trigram_index on users using gin ((lower(first_name || ' ' || second_name)) ${ops})`.execute(db);
  await sql`create index users_email_trigram_index on users using gin ((lower(email)) ${ops})`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop index if exists users_email_trigram_index`.execute(db);
    await sql`drop index if exists users_name_trigram_index`.execute(db);
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger ledger_versions_${event} on ledger_entries`).execute(db);
      await sql.raw(`drop function ledger_versions_bump_${event}()`).execute(db);
    }
  } else {
    for (const name of ['users_search_insert', 'users_search_update', 'users_search_delete', 'ledger_versions_insert', 'ledger_versions_update', 'ledger_versions_delete']) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
    await sql`drop table users_search`.execute(db);
  }
  await db.schema.dropTable('ledger_versions').execute();
  await db.schema.dropIndex('ledger_entries_account_status_created_index').execute();
  await db.schema.dropIndex('ledger_entries_user_status_created_index').execute();
}
