import { sql } from 'kysely';
import { dialectOf, type MigrationDb } from '../dialect.ts';

/**
 * The rooms keep their client's name and e-mail on SQLite too (0034 did it on PostgreSQL), lower-cased
 * by `unicode_lower` (Cyrillic too; connect.ts gives every connection that function), kept by triggers.
 * The search then compares the rooms' own columns: before, it read each candidate's user and lower-cased
 * two texts per room in JavaScript, half of a common name's time at 10,000 rooms (docs/adr/0105).
 * The FTS5 index over the users (0029) still names the candidates.
 */
export async function up(db: MigrationDb): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql`alter table chat_rooms add column client_name text`.execute(db);
  await sql`alter table chat_rooms add column client_email text`.execute(db);
  const fill = (where: ReturnType<typeof sql.raw>) =>
    sql`update chat_rooms set
      client_name = (select unicode_lower(u.first_name || ' ' || u.second_name) from users u where u.id = chat_rooms.user_id),
      client_email = (select unicode_lower(u.email) from users u where u.id = chat_rooms.user_id)
      where ${where}`;
  await fill(sql.raw('1')).execute(db);
  // SQLite's triggers cannot write NEW: the row just written is filled in after.
  await sql`create trigger chat_rooms_client_insert after insert on chat_rooms begin ${fill(sql.raw('id = new.id'))}; end`.execute(db);
  await sql`create trigger chat_rooms_client_update after update of user_id on chat_rooms begin ${fill(sql.raw('id = new.id'))}; end`.execute(db);
  await sql`create trigger users_chat_rooms_client after update of first_name, second_name, email on users begin
    update chat_rooms set client_name = unicode_lower(new.first_name || ' ' || new.second_name), client_email = unicode_lower(new.email) where user_id = new.id;
  end`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const trigger of ['users_chat_rooms_client', 'chat_rooms_client_update', 'chat_rooms_client_insert']) await sql.raw(`drop trigger ${trigger}`).execute(db);
  await sql`alter table chat_rooms drop column client_email`.execute(db);
  await sql`alter table chat_rooms drop column client_name`.execute(db);
}
