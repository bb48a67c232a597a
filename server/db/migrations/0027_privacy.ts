import { primaryId, type MigrationDb } from '../dialect.ts';

/**
 * Settings → Privacy (docs/adr/0089): exports of a user's data, prepared in the background and
 * offered for 24 hours, and the time an account was closed (anonymised; the ledger stays).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // preparing → ready → expired, or failed.
    .addColumn('status', 'text', (col) => col.notNull())
    // SHA-256 of the download token in the link; the token itself is shown to the owner only.
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    // The token sealed under APP_KEY, so the owner's screen can offer the link again after a reload.
    .addColumn('token_sealed', 'text', (col) => col.notNull())
    .addColumn('storage_name', 'text')
    .addColumn('size', 'integer')
    // A worker holds a preparing export until then; past it, any process may take it up (a crash, a restart).
    .addColumn('claimed_until', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .addColumn('ready_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('data_exports_user_id_index').on('data_exports').column('user_id').execute();
  await db.schema.createIndex('data_exports_status_index').on('data_exports').column('status').execute();

  await db.schema.alterTable('users').addColumn('closed_at', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('closed_at').execute();
  await db.schema.dropTable('data_exports').execute();
}
