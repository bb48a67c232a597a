import { primaryId, type MigrationDb } from '../dialect.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('second_name', 'text', (col) => col.notNull())
    // Lower-cased by the application, so a plain unique index is case-insensitive in effect.
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('email_verified_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .execute();

  await db.schema
    .createTable('role_user')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_user_pkey', ['user_id', 'role_id'])
    .execute();

  // The roles every installation needs (registration assigns `client`), seed or no seed.
  await db.insertInto('roles').values([{ name: 'admin' }, { name: 'client' }]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('role_user').execute();
  await db.schema.dropTable('roles').execute();
  await db.schema.dropTable('users').execute();
}
