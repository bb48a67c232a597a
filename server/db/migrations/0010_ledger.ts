import { sql } from 'kysely';
import { primaryId, type MigrationDb } from '../dialect.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'integer', primaryId(db))
    // The owner, copied from the account so the history of a client is one index range.
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('trading_accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('deposit', 'withdrawal', 'transfer_in', 'transfer_out', 'adjustment')`),
    )
    // Signed minor units: credits positive, debits negative. Never zero.
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount <> 0`))
    .addColumn('currency_id', 'integer', (col) => col.notNull().references('currencies.id'))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'completed', 'rejected')`))
    .addColumn('reference', 'text', (col) => col.notNull())
    // The other side of a transfer.
    .addColumn('counterparty_account_id', 'integer', (col) => col.references('trading_accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    // When the entry reached its final status (completed or rejected); null while pending.
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();

  // History of a client, newest first (the page query and its count).
  await db.schema.createIndex('ledger_entries_user_created_index').on('ledger_entries').columns(['user_id', 'created_at', 'id']).execute();
  // History filtered by account, and the balance chart.
  await db.schema
    .createIndex('ledger_entries_account_created_index')
    .on('ledger_entries')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
  // Filters by kind, for a client and for one account (the page and its count read only the index).
  await db.schema.createIndex('ledger_entries_user_kind_created_index').on('ledger_entries').columns(['user_id', 'kind', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('ledger_entries_account_kind_created_index')
    .on('ledger_entries')
    .columns(['account_id', 'kind', 'created_at', 'id'])
    .execute();
  // Balances (the sum of completed and pending entries) and the balance chart (completed entries
  // by day), both answered from the index alone.
  await db.schema
    .createIndex('ledger_entries_account_status_decided_index')
    .on('ledger_entries')
    .columns(['account_id', 'status', 'decided_at', 'amount'])
    .execute();
  // The staff queue of pending requests.
  await db.schema.createIndex('ledger_entries_status_created_index').on('ledger_entries').columns(['status', 'created_at', 'id']).execute();

  // A wallet call's Idempotency-Key: the first answer is kept and replayed for a retry.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    // The operation and a hash of its body: the same key with another request is refused.
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer', (col) => col.notNull())
    .addColumn('response', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('idempotency_keys_user_key_unique', ['user_id', 'key'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('ledger_entries').execute();
}
