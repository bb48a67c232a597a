import { primaryId, type MigrationDb } from '../dialect.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('personal_access_tokens')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('remember', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  // Lookups go through the unique token_hash index; this one serves "tokens of a user"
  // (revoking all sessions on a password change, the foreign key's cascade).
  await db.schema.createIndex('personal_access_tokens_user_id_index').on('personal_access_tokens').column('user_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('personal_access_tokens').execute();
}
