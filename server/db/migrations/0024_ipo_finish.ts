import type { MigrationDb } from '../dialect.ts';

/**
 * IPO, finished: the embedded platform's reservations (money set aside on an account under a
 * caller's reference, out of its free margin: an IPO application's hold, docs/adr/0086) with each
 * account's total beside its balance, what each IPO application has had reserved, and an offering's prospectus as an uploaded PDF.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('platform_reservations')
    .addColumn('login', 'text', (col) => col.notNull().references('platform_accounts.login').onDelete('cascade'))
    .addColumn('reference', 'text', (col) => col.notNull())
    // Minor units of the account's currency.
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('platform_reservations_pkey', ['login', 'reference'])
    .execute();
  await db.schema.alterTable('platform_accounts').addColumn('reserved', 'bigint', (col) => col.notNull().defaultTo(0)).execute();

  await db.schema.alterTable('ipo_applications').addColumn('reserved', 'bigint', (col) => col.notNull().defaultTo(0)).execute();

  await db.schema.alterTable('ipo_offerings').addColumn('prospectus_name', 'text').execute();
  await db.schema.alterTable('ipo_offerings').addColumn('prospectus_storage', 'text').execute();
  await db.schema.alterTable('ipo_offerings').addColumn('prospectus_size', 'integer').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('ipo_offerings').dropColumn('prospectus_size').execute();
  await db.schema.alterTable('ipo_offerings').dropColumn('prospectus_storage').execute();
  await db.schema.alterTable('ipo_offerings').dropColumn('prospectus_name').execute();
  await db.schema.alterTable('ipo_applications').dropColumn('reserved').execute();
  await db.schema.alterTable('platform_accounts').dropColumn('reserved').execute();
  await db.schema.dropTable('platform_reservations').execute();
}
