import { primaryId, type MigrationDb } from '../dialect.ts';

/**
 * Identity-verification uploads. A resubmission is a new row; the latest row of a kind is
 * that kind's status, and earlier rows stay as the history of the review.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('verification_documents')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('storage_name', 'text', (col) => col.notNull().unique())
    .addColumn('rejection_reason', 'text')
    .addColumn('reviewer_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('submitted_at', 'text', (col) => col.notNull())
    .addColumn('reviewed_at', 'text')
    .execute();
  await db.schema
    .createIndex('verification_documents_user_kind_index')
    .on('verification_documents')
    .columns(['user_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('verification_documents_status_index')
    .on('verification_documents')
    .columns(['status', 'submitted_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('verification_documents').execute();
}
