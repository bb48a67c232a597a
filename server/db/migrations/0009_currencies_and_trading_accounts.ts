import { sql } from 'kysely';
import { primaryId, type MigrationDb } from '../dialect.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('currencies')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    // Digits after the decimal point of one minor unit: 2 for cents, 0 for yen.
    .addColumn('precision', 'integer', (col) => col.notNull().check(sql`${sql.ref('precision')} between 0 and 4`))
    .execute();

  await db.schema
    .createTable('trading_accounts')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The login shown to the client: 8 random digits, unique.
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('live', 'demo')`))
    .addColumn('currency_id', 'integer', (col) => col.notNull().references('currencies.id'))
    .addColumn('leverage', 'integer', (col) => col.notNull().check(sql`leverage between 1 and 500`))
    // Minor units. The ledger is the truth; these are recomputed from it in every transaction
    // that changes it, and the checks are the last line against a negative balance.
    .addColumn('balance', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`balance >= 0`))
    .addColumn('equity', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('active', 'archived')`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('trading_accounts_user_id_index').on('trading_accounts').columns(['user_id', 'id']).execute();

  // Reference data every installation needs, seed or no seed.
  await db
    .insertInto('currencies')
    .values([
      { code: 'USD', name: 'US Dollar', precision: 2 },
      { code: 'EUR', name: 'Euro', precision: 2 },
      { code: 'GBP', name: 'British Pound', precision: 2 },
      { code: 'JPY', name: 'Japanese Yen', precision: 0 },
    ])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('trading_accounts').execute();
  await db.schema.dropTable('currencies').execute();
}
