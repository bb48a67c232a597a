import type { MigrationDb } from '../dialect.ts';

/**
 * `locale`: the language mail is written in (set at registration from Accept-Language, updated
 * when the user signs in or asks for mail). `pending_email`: a new address asked for in the
 * settings, which replaces `email` only once the link mailed to it is followed.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'text', (col) => col.notNull().defaultTo('en')).execute();
  await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('pending_email').execute();
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
