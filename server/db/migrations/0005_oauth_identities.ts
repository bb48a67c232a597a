import { primaryId, type MigrationDb } from '../dialect.ts';

/** Accounts at external identity providers (GitHub, Google, OpenID Connect) linked to users. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('oauth_identities')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('oauth_identities_provider_subject_unique', ['provider', 'subject'])
    // One account per provider and user: linking a second GitHub account would make sign-in ambiguous.
    .addUniqueConstraint('oauth_identities_user_provider_unique', ['user_id', 'provider'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('oauth_identities').execute();
}
