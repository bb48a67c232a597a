import { sql } from 'kysely';
import { dialectOf, primaryId, type MigrationDb } from '../dialect.ts';

const KINDS_BEFORE = `'deposit', 'withdrawal', 'transfer_in', 'transfer_out', 'adjustment'`;
const KINDS_AFTER = `${KINDS_BEFORE}, 'ipo'`;

/**
 * IPO subscriptions: offerings (their texts per language), applications whose `held` amount the
 * balances count as held on the account (services/balances.ts), each client's appropriateness test,
 * and a ledger kind `ipo` for the allocated amount taken from a hold.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('ipo_offerings')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('company', 'text', (col) => col.notNull())
    .addColumn('ticker', 'text', (col) => col.notNull())
    .addColumn('prospectus_url', 'text')
    .addColumn('currency_id', 'integer', (col) => col.notNull().references('currencies.id'))
    // Minor units per share.
    .addColumn('price_min', 'bigint', (col) => col.notNull().check(sql`price_min > 0`))
    .addColumn('price_max', 'bigint', (col) => col.notNull().check(sql`price_max >= price_min`))
    .addColumn('final_price', 'bigint')
    .addColumn('shares_offered', 'bigint', (col) => col.notNull().check(sql`shares_offered > 0`))
    .addColumn('min_application', 'bigint', (col) => col.notNull().check(sql`min_application > 0`))
    .addColumn('max_application', 'bigint', (col) => col.notNull().check(sql`max_application >= min_application`))
    .addColumn('opens_at', 'text', (col) => col.notNull())
    .addColumn('closes_at', 'text', (col) => col.notNull())
    .addColumn('allocation_at', 'text', (col) => col.notNull())
    .addColumn('lockup_days', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('state', 'text', (col) =>
      col.notNull().check(sql`state in ('draft', 'announced', 'open', 'closed', 'priced', 'allocated', 'listed', 'cancelled')`),
    )
    .addColumn('reconfirm_until', 'text')
    .addColumn('allocation_rule', 'text', (col) => col.notNull().defaultTo('pro_rata'))
    .addColumn('per_client_max', 'bigint')
    .addColumn('allocated_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ipo_offerings_state_index').on('ipo_offerings').columns(['state', 'opens_at']).execute();

  await db.schema
    .createTable('ipo_offering_translations')
    .addColumn('offering_id', 'integer', (col) => col.notNull().references('ipo_offerings.id').onDelete('cascade'))
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('risk', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('ipo_offering_translations_pk', ['offering_id', 'lang'])
    .execute();

  await db.schema
    .createTable('ipo_applications')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('offering_id', 'integer', (col) => col.notNull().references('ipo_offerings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('trading_accounts.id').onDelete('cascade'))
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    // What is held on the account now: the amount while active or awaiting reconfirmation, else 0.
    .addColumn('held', 'bigint', (col) => col.notNull().check(sql`held >= 0`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('active', 'reconfirm', 'cancelled', 'lapsed', 'allocated')`))
    .addColumn('requested_shares', 'bigint')
    .addColumn('allocated_shares', 'bigint')
    .addColumn('allocated_amount', 'bigint')
    // The ledger entry of the allocated amount.
    .addColumn('ledger_entry_id', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // One application per client and offering while it holds money (a cancelled one may be followed by another).
  await db.schema
    .createIndex('ipo_applications_one_live_index')
    .on('ipo_applications')
    .columns(['offering_id', 'user_id'])
    .unique()
    .where(sql.ref('status'), 'in', sql`('active', 'reconfirm')`)
    .execute();
  // The holds of an account, summed with every balance read.
  await db.schema.createIndex('ipo_applications_account_held_index').on('ipo_applications').columns(['account_id', 'held']).execute();
  await db.schema.createIndex('ipo_applications_user_index').on('ipo_applications').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('ipo_appropriateness')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('passed', 'integer', (col) => col.notNull())
    // Comma-separated question ids answered wrong.
    .addColumn('wrong', 'text', (col) => col.notNull())
    .addColumn('taken_at', 'text', (col) => col.notNull())
    .execute();

  await widenLedgerKinds(db, KINDS_BEFORE, KINDS_AFTER);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.deleteFrom('ledger_entries').where('kind', '=', 'ipo').execute();
  await widenLedgerKinds(db, KINDS_AFTER, KINDS_BEFORE);
  await db.schema.dropTable('ipo_appropriateness').execute();
  await db.schema.dropTable('ipo_applications').execute();
  await db.schema.dropTable('ipo_offering_translations').execute();
  await db.schema.dropTable('ipo_offerings').execute();
}

/**
 * Replaces the check on `ledger_entries.kind`. PostgreSQL alters the constraint; SQLite cannot,
 * so the table is rebuilt from its own stored definition with the new check (nothing refers to
 * ledger rows by key), and its indexes are made again.
 */
async function widenLedgerKinds(db: MigrationDb, from: string, to: string): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table ledger_entries drop constraint ledger_entries_kind_check`.execute(db);
    await sql.raw(`alter table ledger_entries add constraint ledger_entries_kind_check check (kind in (${to}))`).execute(db);
    return;
  }
  const table = (await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'ledger_entries'`.execute(db)).rows[0]!.sql;
  const indexes = (await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'ledger_entries' and sql is not null`.execute(db)).rows;
  const check = `kind in (${from})`;
  if (!table.includes(check)) throw new Error('ledger_entries: the kind check is not as expected');
  const rebuilt = table.replace(check, `kind in (${to})`).replace(/^CREATE TABLE "?ledger_entries"?/i, 'CREATE TABLE "ledger_entries_next"');
  await sql.raw(rebuilt).execute(db);
  await sql`insert into ledger_entries_next select * from ledger_entries`.execute(db);
  await sql`drop table ledger_entries`.execute(db);
  await sql`alter table ledger_entries_next rename to ledger_entries`.execute(db);
  for (const index of indexes) await sql.raw(index.sql).execute(db);
}
