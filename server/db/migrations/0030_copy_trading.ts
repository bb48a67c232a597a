import { sql } from 'kysely';
import { primaryId, type MigrationDb } from '../dialect.ts';

/**
 * Copy trading (docs/adr/0093): strategies offered from a client's account (descriptions per
 * language), subscriptions whose lifecycle is machines/copy-subscription (their steps in
 * `lifecycle_events`, kind `copy_subscription`), every copied or skipped trade with its reason and
 * the inputs of its proportion, and fee lines with the figures they were computed from.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('strategies')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // One strategy per account; the account's trades are the strategy's.
    .addColumn('account_id', 'integer', (col) => col.notNull().unique().references('trading_accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('visibility', 'text', (col) => col.notNull().check(sql`visibility in ('public', 'invitation')`))
    .addColumn('invitation_code', 'text')
    // Percent × 100 (basis points): 20 % = 2000.
    .addColumn('performance_fee_bps', 'integer', (col) => col.notNull().check(sql`performance_fee_bps between 0 and 5000`))
    .addColumn('management_fee_bps', 'integer', (col) => col.notNull().check(sql`management_fee_bps between 0 and 1000`))
    // Minor units of the account's currency.
    .addColumn('min_investment', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('fee_period', 'text', (col) => col.notNull().check(sql`fee_period in ('weekly', 'monthly')`))
    .addColumn('trades_delay_minutes', 'integer', (col) => col.notNull().defaultTo(60))
    // A seeded bot's rule (`ma_crossover`, `mean_reversion`) and its instrument, or null.
    .addColumn('rule', 'text')
    .addColumn('rule_symbol', 'text')
    .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('hidden_reason', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('strategies_user_index').on('strategies').columns(['user_id']).execute();

  await db.schema
    .createTable('strategy_descriptions')
    .addColumn('strategy_id', 'integer', (col) => col.notNull().references('strategies.id').onDelete('cascade'))
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('strategy_descriptions_pk', ['strategy_id', 'lang'])
    .execute();

  await db.schema
    .createTable('copy_subscriptions')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('strategy_id', 'integer', (col) => col.notNull().references('strategies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_account_id', 'integer', (col) => col.notNull().references('trading_accounts.id').onDelete('cascade'))
    .addColumn('copy_account_id', 'integer', (col) => col.notNull().unique().references('trading_accounts.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) =>
      col.notNull().check(sql`state in ('funding', 'active', 'paused_stop_loss', 'paused_by_follower', 'closing', 'closed')`),
    )
    // Minor units: money in less money out; the high-water mark; fees paid so far.
    .addColumn('invested', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('high_water_mark', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('fees_paid', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('stop_loss_kind', 'text', (col) => col.check(sql`stop_loss_kind in ('money', 'percent')`))
    // `money`: minor units; `percent`: percent × 100.
    .addColumn('stop_loss_value', 'bigint')
    // The current performance-fee period's start, and the day the management fee was accrued up to (YYYY-MM-DD).
    .addColumn('period_start', 'text', (col) => col.notNull())
    .addColumn('accrued_to', 'text', (col) => col.notNull())
    // Bumped on every money step: fee settlement, withdrawals and unsubscribes serialize on it.
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  // One open subscription per client and strategy (a closed one may be followed by another).
  await db.schema
    .createIndex('copy_subscriptions_one_open_index')
    .on('copy_subscriptions')
    .columns(['strategy_id', 'user_id'])
    .unique()
    .where(sql.ref('state'), '<>', 'closed')
    .execute();
  await db.schema.createIndex('copy_subscriptions_user_index').on('copy_subscriptions').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('copy_subscriptions_strategy_index').on('copy_subscriptions').columns(['strategy_id', 'state']).execute();

  await db.schema
    .createTable('copied_trades')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('subscription_id', 'integer', (col) => col.notNull().references('copy_subscriptions.id').onDelete('cascade'))
    .addColumn('strategy_ticket', 'bigint', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull().check(sql`action in ('open', 'close')`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'copied', 'skipped')`))
    .addColumn('reason', 'text')
    .addColumn('symbol', 'text', (col) => col.notNull())
    .addColumn('side', 'text', (col) => col.notNull())
    .addColumn('strategy_volume', 'double precision', (col) => col.notNull())
    .addColumn('follower_ticket', 'bigint')
    .addColumn('volume', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('strategy_equity', 'bigint', (col) => col.notNull())
    .addColumn('follower_equity', 'bigint', (col) => col.notNull())
    .addColumn('price', 'double precision')
    .addColumn('profit', 'bigint')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // A strategy's position is opened and closed at most once per follower, whichever process hears it first.
  await db.schema.createIndex('copied_trades_once_index').on('copied_trades').columns(['subscription_id', 'strategy_ticket', 'action']).unique().execute();

  await db.schema
    .createTable('copy_fees')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('subscription_id', 'integer', (col) => col.notNull().references('copy_subscriptions.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('management', 'performance')`))
    .addColumn('trigger', 'text', (col) => col.notNull().check(sql`trigger in ('daily', 'period_end', 'withdrawal', 'unsubscribe')`))
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('equity', 'bigint', (col) => col.notNull())
    .addColumn('high_water_mark', 'bigint')
    .addColumn('rate_bps', 'integer', (col) => col.notNull())
    .addColumn('days', 'integer')
    .addColumn('period_start', 'text', (col) => col.notNull())
    .addColumn('period_end', 'text', (col) => col.notNull())
    // The ledger reference of the move (both accounts' balance deals carry it).
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('copy_fees_subscription_index').on('copy_fees').columns(['subscription_id', 'id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('copy_fees').execute();
  await db.schema.dropTable('copied_trades').execute();
  await db.schema.dropTable('copy_subscriptions').execute();
  await db.schema.dropTable('strategy_descriptions').execute();
  await db.schema.dropTable('strategies').execute();
  await sql`delete from lifecycle_events where kind = 'copy_subscription'`.execute(db);
}
