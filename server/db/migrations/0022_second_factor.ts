import { primaryId, type MigrationDb } from '../dialect.ts';

/**
 * The second factor (docs/adr/0084): an authenticator app (TOTP), ten single-use recovery codes,
 * passkeys, the pending sign-ins between the password and the second factor, remembered devices,
 * the step-up mark on a session and the time of the last security change (the withdrawal cool-down).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('totp_credentials')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    // AES-256-GCM under a key derived from APP_KEY: a copy of the database alone yields no codes.
    .addColumn('secret', 'text', (col) => col.notNull())
    // Null while enrolment waits for its first code.
    .addColumn('confirmed_at', 'text')
    // The last 30-second step accepted: a code is good once (compare-and-set on this column).
    .addColumn('last_step', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull().unique())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_id_index').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (col) => col.notNull().unique())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('transports', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user_id_index').on('passkeys').column('user_id').execute();

  // One row per ceremony: a sign-in waiting for its second factor, or a WebAuthn challenge.
  await db.schema
    .createTable('auth_challenges')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('challenge', 'text')
    .addColumn('remember', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('trusted_devices')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema.alterTable('personal_access_tokens').addColumn('stepped_up_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('security_changed_at', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('security_changed_at').execute();
  await db.schema.alterTable('personal_access_tokens').dropColumn('stepped_up_at').execute();
  for (const table of ['trusted_devices', 'auth_challenges', 'passkeys', 'recovery_codes', 'totp_credentials']) await db.schema.dropTable(table).execute();
}
