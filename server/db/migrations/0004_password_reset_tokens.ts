import { primaryId, type MigrationDb } from '../dialect.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_reset_tokens_user_id_index').on('password_reset_tokens').column('user_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('password_reset_tokens').execute();
}
