import { sql } from 'kysely';
import { dialectOf, type MigrationDb } from '../dialect.ts';

/**
 * The staff's room search on PostgreSQL from the rooms alone (docs/adr/0101): each room keeps its
 * client's name and e-mail, lower-cased as the search compares them, kept by triggers (a room takes
 * them when it is made, a client's change reaches their room), under trigram indexes. The rooms of a
 * common name are then found, sorted and cut to 200 without reading the users: with the users'
 * indexes of 0029 the planner read every room to join them (10,000 rows for 1,000 matches).
 * SQLite keeps its FTS5 index over the users (0029): it already looks each room up by its client.
 */
export async function up(db: MigrationDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table chat_rooms add column client_name text, add column client_email text`.execute(db);
  await sql`update chat_rooms r set client_name = lower(u.first_name || ' ' || u.second_name), client_email = lower(u.email) from users u where u.id = r.user_id`.execute(db);
  await sql`create function chat_rooms_client_search() returns trigger language plpgsql as $$
    begin
      select lower(u.first_name || ' ' || u.second_name), lower(u.email) into new.client_name, new.client_email from users u where u.id = new.user_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger chat_rooms_client_search before insert or update of user_id on chat_rooms
    for each row execute function chat_rooms_client_search()`.execute(db);
  await sql`create function users_chat_rooms_search() returns trigger language plpgsql as $$
    begin
      update chat_rooms set client_name = lower(new.first_name || ' ' || new.second_name), client_email = lower(new.email) where user_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_chat_rooms_search after update of first_name, second_name, email on users
    for each row execute function users_chat_rooms_search()`.execute(db);
  // Where 0029 could not create pg_trgm the search stays correct, only unindexed.
  const trgm = (await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db)).rows[0];
  if (!trgm) return;
  const ops = sql.raw(`${trgm.schema}.gin_trgm_ops`);
  await sql`create index chat_rooms_client_name_trigram_index on chat_rooms using gin (client_name ${ops})`.execute(db);
  await sql`create index chat_rooms_client_email_trigram_index on chat_rooms using gin (client_email ${ops})`.execute(db);
  // Statistics of the new columns now, not at autovacuum's next pass: without them the planner
  // guesses a handful of matches and skips the activity index a common name wants.
  await sql`analyze chat_rooms`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop trigger users_chat_rooms_search on users`.execute(db);
  await sql`drop function users_chat_rooms_search()`.execute(db);
  await sql`drop trigger chat_rooms_client_search on chat_rooms`.execute(db);
  await sql`drop function chat_rooms_client_search()`.execute(db);
  await sql`drop index if exists chat_rooms_client_email_trigram_index`.execute(db);
  await sql`drop index if exists chat_rooms_client_name_trigram_index`.execute(db);
  await sql`alter table chat_rooms drop column client_email, drop column client_name`.execute(db);
}
