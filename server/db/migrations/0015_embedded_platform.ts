import { sql } from 'kysely';
import { primaryId, type MigrationDb } from '../dialect.ts';

/**
 * The embedded trading platform's own tables (server/platform/embedded/tables.ts), and every
 * existing trading account provisioned on it: the same login (`number`), group (`type`),
 * currency and leverage, and its completed ledger balance as one balance deal, so an upgraded
 * installation shows the balances it showed before.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('platform_accounts')
    .addColumn('login', 'text', (col) => col.primaryKey())
    .addColumn('grp', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('precision', 'integer', (col) => col.notNull())
    .addColumn('leverage', 'integer', (col) => col.notNull().check(sql`leverage >= 1`))
    .addColumn('name', 'text', (col) => col.notNull())
    // Minor units of `currency`.
    .addColumn('balance', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('credit', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('active', 'archived')`))
    .addColumn('master_hash', 'text')
    .addColumn('investor_hash', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('platform_positions')
    .addColumn('ticket', 'integer', primaryId(db))
    .addColumn('login', 'text', (col) => col.notNull().references('platform_accounts.login').onDelete('cascade'))
    .addColumn('symbol', 'text', (col) => col.notNull())
    .addColumn('side', 'text', (col) => col.notNull().check(sql`side in ('buy', 'sell')`))
    .addColumn('volume', 'double precision', (col) => col.notNull())
    .addColumn('open_price', 'double precision', (col) => col.notNull())
    .addColumn('open_time', 'text', (col) => col.notNull())
    .addColumn('stop_loss', 'double precision')
    .addColumn('take_profit', 'double precision')
    .execute();
  await db.schema.createIndex('platform_positions_login_index').on('platform_positions').columns(['login', 'ticket']).execute();

  await db.schema
    .createTable('platform_deals')
    .addColumn('ticket', 'integer', primaryId(db))
    .addColumn('login', 'text', (col) => col.notNull().references('platform_accounts.login').onDelete('cascade'))
    .addColumn('time', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('buy', 'sell', 'balance')`))
    .addColumn('entry', 'text')
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('symbol', 'text')
    .addColumn('volume', 'double precision')
    .addColumn('price', 'double precision')
    .addColumn('position_ticket', 'integer')
    .addColumn('profit', 'bigint', (col) => col.notNull())
    .addColumn('comment', 'text', (col) => col.notNull())
    // Nulls are distinct on both dialects: trades carry none.
    .addColumn('reference', 'text')
    .addUniqueConstraint('platform_deals_login_reference_unique', ['login', 'reference'])
    .execute();
  // Deals paged by time, newest first; the daily balances sum them up to a day's end.
  await db.schema.createIndex('platform_deals_login_time_index').on('platform_deals').columns(['login', 'time', 'ticket']).execute();

  await db.schema
    .createTable('platform_quotes')
    .addColumn('symbol', 'text', (col) => col.primaryKey())
    .addColumn('bid', 'double precision', (col) => col.notNull())
    .addColumn('ask', 'double precision', (col) => col.notNull())
    .addColumn('time', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('platform_bars')
    .addColumn('symbol', 'text', (col) => col.notNull())
    .addColumn('timeframe', 'text', (col) => col.notNull())
    .addColumn('time', 'text', (col) => col.notNull())
    .addColumn('open', 'double precision', (col) => col.notNull())
    .addColumn('high', 'double precision', (col) => col.notNull())
    .addColumn('low', 'double precision', (col) => col.notNull())
    .addColumn('close', 'double precision', (col) => col.notNull())
    .addPrimaryKeyConstraint('platform_bars_pkey', ['symbol', 'timeframe', 'time'])
    .execute();

  await db.schema
    .createTable('platform_equity')
    .addColumn('login', 'text', (col) => col.notNull().references('platform_accounts.login').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('balance', 'bigint', (col) => col.notNull())
    .addColumn('equity', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('platform_equity_pkey', ['login', 'day'])
    .execute();

  await provisionExistingAccounts(db);
}

interface ExistingAccount {
  number: string;
  type: string;
  leverage: number;
  status: string;
  code: string;
  precision: number;
  first_name: string;
  second_name: string;
  created_at: string;
}

async function provisionExistingAccounts(db: MigrationDb): Promise<void> {
  const accounts = (await db
    .selectFrom('trading_accounts as a')
    .innerJoin('currencies as c', 'c.id', 'a.currency_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.number', 'a.type', 'a.leverage', 'a.status', 'a.created_at', 'c.code', 'c.precision', 'u.first_name', 'u.second_name'])
    .orderBy('a.id')
    .execute()) as unknown as Array<ExistingAccount & { id: number }>;
  const now = new Date().toISOString();
  for (const account of accounts) {
    const sum = await db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('balance'))
      .where('account_id', '=', account.id)
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    const balance = Number(sum.balance);
    await db
      .insertInto('platform_accounts')
      .values({
        login: account.number,
        grp: account.type,
        currency: account.code,
        precision: account.precision,
        leverage: account.leverage,
        name: `${account.first_name} ${account.second_name}`,
        balance,
        credit: 0,
        status: account.status,
        master_hash: null,
        investor_hash: null,
        created_at: account.created_at,
        updated_at: now,
      })
      .execute();
    if (balance !== 0) {
      await db
        .insertInto('platform_deals')
        .values({
          login: account.number,
          time: now,
          kind: 'balance',
          entry: null,
          reason: 'balance',
          symbol: null,
          volume: null,
          price: null,
          position_ticket: null,
          profit: balance,
          comment: 'migrated',
          reference: 'migrated',
        })
        .execute();
    }
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['platform_equity', 'platform_bars', 'platform_quotes', 'platform_deals', 'platform_positions', 'platform_accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
