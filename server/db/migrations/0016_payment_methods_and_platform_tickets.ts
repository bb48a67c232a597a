import { sql } from 'kysely';
import { primaryId, type MigrationDb } from '../dialect.ts';

type Kind = 'bank_transfer' | 'card' | 'crypto';
/** [kind, name, directions, fee in basis points, fixed fee, min, max (null: none), hours to arrive]; money in minor units. */
type Method = [Kind, string, string, number, number, number, number | null, number];

/**
 * A catalogue a broker would start from, per currency: a bank transfer (cheap, slow), a card
 * (instant, a percentage) and, for dollars, a stablecoin. Staff change it in the administration.
 */
export const CATALOGUE: Record<string, Method[]> = {
  USD: [
    ['bank_transfer', 'Bank wire (SWIFT)', 'deposit,withdrawal', 0, 2_500, 10_000, null, 72],
    ['card', 'Visa / Mastercard', 'deposit,withdrawal', 250, 0, 1_000, 1_000_000, 0],
    ['crypto', 'USDT (TRC-20)', 'deposit,withdrawal', 100, 100, 2_000, 5_000_000, 1],
  ],
  EUR: [
    ['bank_transfer', 'SEPA transfer', 'deposit,withdrawal', 0, 0, 1_000, null, 24],
    ['card', 'Visa / Mastercard', 'deposit,withdrawal', 250, 0, 1_000, 1_000_000, 0],
  ],
  GBP: [
    ['bank_transfer', 'Faster Payments', 'deposit,withdrawal', 0, 0, 1_000, 2_500_000, 2],
    ['card', 'Visa / Mastercard', 'deposit,withdrawal', 250, 0, 1_000, 1_000_000, 0],
  ],
  JPY: [
    ['bank_transfer', 'Zengin bank transfer', 'deposit,withdrawal', 0, 500, 10_000, null, 24],
    ['card', 'JCB / Visa / Mastercard', 'deposit', 300, 0, 1_000, 1_500_000, 0],
  ],
};

export async function up(db: MigrationDb): Promise<void> {
  // The client's own name for an account.
  await db.schema.alterTable('trading_accounts').addColumn('nickname', 'text').execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('bank_transfer', 'card', 'crypto')`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('currency_id', 'integer', (col) => col.notNull().references('currencies.id'))
    // Comma-separated: `deposit`, `withdrawal` or both.
    .addColumn('directions', 'text', (col) => col.notNull())
    .addColumn('fee_bps', 'integer', (col) => col.notNull().check(sql`fee_bps between 0 and 10000`))
    .addColumn('fee_fixed', 'bigint', (col) => col.notNull().check(sql`fee_fixed >= 0`))
    .addColumn('min_amount', 'bigint', (col) => col.notNull().check(sql`min_amount >= 0`))
    .addColumn('max_amount', 'bigint')
    .addColumn('eta_hours', 'integer', (col) => col.notNull().check(sql`eta_hours >= 0`))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_methods_currency_index').on('payment_methods').columns(['currency_id', 'id']).execute();

  // The platform's deal for a completed entry; the method and the fee the client was shown.
  await db.schema.alterTable('ledger_entries').addColumn('platform_ticket', 'integer').execute();
  await db.schema
    .alterTable('ledger_entries')
    .addColumn('payment_method_id', 'integer', (col) => col.references('payment_methods.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('ledger_entries').addColumn('fee', 'bigint', (col) => col.notNull().defaultTo(0)).execute();

  // Reference data, like the currencies: every installation starts with a catalogue.
  const now = new Date().toISOString();
  const currencies = await db.selectFrom('currencies').select(['id', 'code']).execute();
  for (const currency of currencies) {
    const methods = CATALOGUE[currency.code as string] ?? [];
    if (methods.length === 0) continue;
    await db
      .insertInto('payment_methods')
      .values(
        methods.map(([kind, name, directions, fee_bps, fee_fixed, min_amount, max_amount, eta_hours]) => ({
          kind,
          name,
          currency_id: currency.id,
          directions,
          fee_bps,
          fee_fixed,
          min_amount,
          max_amount,
          eta_hours,
          enabled: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('ledger_entries').dropColumn('fee').execute();
  await db.schema.alterTable('ledger_entries').dropColumn('payment_method_id').execute();
  await db.schema.alterTable('ledger_entries').dropColumn('platform_ticket').execute();
  await db.schema.dropTable('payment_methods').execute();
  await db.schema.alterTable('trading_accounts').dropColumn('nickname').execute();
}
