import { sql } from 'kysely';
import { primaryId, type MigrationDb } from '../dialect.ts';

/**
 * The partner program (docs/adr/0095): plans, applications (their steps in `lifecycle_events`),
 * partners with a wallet of their own, plan assignments by date, referral links, their clicks, the
 * one attribution per user, flags for staff, reward lines unique per source, partner and level, and
 * the daily accrual's runs (one claim per day across processes). Money in minor units (bigint).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('partner_plans')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('currency_id', 'integer', (col) => col.notNull().references('currencies.id'))
    .addColumn('cpa_threshold', 'bigint', (col) => col.notNull().check(sql`cpa_threshold >= 0`))
    .addColumn('cpa_amount', 'bigint', (col) => col.notNull().check(sql`cpa_amount >= 0`))
    .addColumn('rate_forex', 'bigint', (col) => col.notNull().check(sql`rate_forex >= 0`))
    .addColumn('rate_metals', 'bigint', (col) => col.notNull().check(sql`rate_metals >= 0`))
    .addColumn('rate_indices', 'bigint', (col) => col.notNull().check(sql`rate_indices >= 0`))
    .addColumn('rate_crypto', 'bigint', (col) => col.notNull().check(sql`rate_crypto >= 0`))
    .addColumn('second_level_bps', 'integer', (col) => col.notNull().check(sql`second_level_bps between 0 and 10000`))
    .addColumn('auto_approve', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // At most one default plan (the one new partners get) and one automatic one.
  await db.schema.createIndex('partner_plans_one_default').on('partner_plans').column('is_default').unique().where(sql.ref('is_default'), '=', 1).execute();
  await db.schema.createIndex('partner_plans_one_automatic').on('partner_plans').column('auto_approve').unique().where(sql.ref('auto_approve'), '=', 1).execute();

  await db.schema
    .createTable('partner_applications')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('submitted', 'approved', 'rejected')`))
    .addColumn('website', 'text')
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // One waiting application per client: two submitted together cannot both be stored.
  await db.schema
    .createIndex('partner_applications_one_waiting')
    .on('partner_applications')
    .column('user_id')
    .unique()
    .where(sql.ref('state'), '=', 'submitted')
    .execute();
  await db.schema.createIndex('partner_applications_state_index').on('partner_applications').columns(['state', 'id']).execute();

  await db.schema
    .createTable('partners')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    // The partner who recruited this one: the second level. Set once, when the partner is made.
    .addColumn('parent_id', 'integer', (col) => col.references('partners.id'))
    .addColumn('show_emails', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // The partner wallet: an account of its own in the plan's currency; `balance` is the sum of its
  // entries that are not rejected, kept in the same transaction as every entry, never below zero.
  await db.schema
    .createTable('partner_wallets')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('partner_id', 'integer', (col) => col.notNull().unique().references('partners.id').onDelete('cascade'))
    .addColumn('currency_id', 'integer', (col) => col.notNull().references('currencies.id'))
    .addColumn('balance', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`balance >= 0`))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('partner_plan_assignments')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('partner_id', 'integer', (col) => col.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (col) => col.notNull().references('partner_plans.id'))
    // A UTC day, YYYY-MM-DD: the plan is in force from its start.
    .addColumn('effective_from', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('partner_plan_assignments_index').on('partner_plan_assignments').columns(['partner_id', 'effective_from', 'id']).execute();

  await db.schema
    .createTable('partner_links')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('partner_id', 'integer', (col) => col.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('campaign', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('partner_links_partner_index').on('partner_links').columns(['partner_id', 'id']).execute();

  await db.schema
    .createTable('partner_clicks')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('link_id', 'integer', (col) => col.notNull().references('partner_links.id').onDelete('cascade'))
    // The cookie's value: random, so that a click cannot be guessed or forged from its id.
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('partner_clicks_link_index').on('partner_clicks').columns(['link_id', 'created_at']).execute();

  await db.schema
    .createTable('partner_attributions')
    .addColumn('id', 'integer', primaryId(db))
    // Once and for good: one attribution per user.
    .addColumn('user_id', 'integer', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('partner_id', 'integer', (col) => col.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('link_id', 'integer', (col) => col.notNull().references('partner_links.id').onDelete('cascade'))
    .addColumn('click_id', 'integer', (col) => col.notNull().references('partner_clicks.id').onDelete('cascade'))
    // counted: the partner's client; flagged: held for staff; dismissed: staff said no.
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('counted', 'flagged', 'dismissed')`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('partner_attributions_partner_index').on('partner_attributions').columns(['partner_id', 'state', 'created_at']).execute();

  await db.schema
    .createTable('partner_flags')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('attribution_id', 'integer', (col) => col.notNull().unique().references('partner_attributions.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull().check(sql`reason in ('same_ip', 'same_device')`))
    .addColumn('matched', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('open', 'counted', 'dismissed')`))
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('partner_flags_state_index').on('partner_flags').columns(['state', 'id']).execute();

  await db.schema
    .createTable('partner_rewards')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('partner_id', 'integer', (col) => col.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('level', 'integer', (col) => col.notNull().check(sql`level in (1, 2)`))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('cpa', 'lot', 'second_level')`))
    // What produced it: `deposit` (ledger entry id), `deal` (login:ticket), `reward` (the child line's id).
    .addColumn('source_type', 'text', (col) => col.notNull().check(sql`source_type in ('deposit', 'deal', 'reward')`))
    .addColumn('source_key', 'text', (col) => col.notNull())
    .addColumn('client_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('plan_id', 'integer', (col) => col.notNull().references('partner_plans.id'))
    .addColumn('rate', 'bigint', (col) => col.notNull())
    // JSON of RewardInputs (contract/partners.ts): what the amount was computed from.
    .addColumn('inputs', 'text', (col) => col.notNull())
    .addColumn('volume', 'real')
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('currency_id', 'integer', (col) => col.notNull().references('currencies.id'))
    .addColumn('parent_reward_id', 'integer', (col) => col.references('partner_rewards.id'))
    .addColumn('source_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // Idempotent per source: a re-run of the daily job, or a deposit told twice, never pays twice.
  await db.schema.createIndex('partner_rewards_source_unique').on('partner_rewards').columns(['source_type', 'source_key', 'partner_id', 'level']).unique().execute();
  await db.schema.createIndex('partner_rewards_partner_index').on('partner_rewards').columns(['partner_id', 'id']).execute();
  await db.schema.createIndex('partner_rewards_client_index').on('partner_rewards').columns(['client_user_id', 'kind']).execute();

  await db.schema
    .createTable('partner_wallet_entries')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('wallet_id', 'integer', (col) => col.notNull().references('partner_wallets.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('reward', 'withdrawal', 'transfer')`))
    // Signed minor units: rewards positive, payouts negative.
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'completed', 'rejected')`))
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('reward_id', 'integer', (col) => col.unique().references('partner_rewards.id'))
    // A transfer's credit on the partner's trading account (a ledger entry booked on the platform).
    .addColumn('ledger_entry_id', 'integer')
    .addColumn('account_id', 'integer')
    .addColumn('payment_method_id', 'integer')
    .addColumn('reason', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('partner_wallet_entries_wallet_index').on('partner_wallet_entries').columns(['wallet_id', 'id']).execute();

  await db.schema
    .createTable('partner_accrual_runs')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('running', 'done')`))
    .addColumn('deals', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lines', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .execute();

  // The plan new partners get until staff define their own: USD, CPA 50.00 for a first deposit of
  // 100.00 or more, per-lot rates per instrument group, 10 % of sub-partners' rewards.
  const usd = await db.selectFrom('currencies').select('id').where('code', '=', 'USD').executeTakeFirst();
  if (usd) {
    const now = new Date().toISOString();
    await db
      .insertInto('partner_plans')
      .values({
        name: 'Standard',
        currency_id: usd.id,
        cpa_threshold: 10_000,
        cpa_amount: 5_000,
        rate_forex: 500,
        rate_metals: 700,
        rate_indices: 300,
        rate_crypto: 1_000,
        second_level_bps: 1_000,
        auto_approve: 0,
        is_default: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'partner_accrual_runs',
    'partner_wallet_entries',
    'partner_rewards',
    'partner_flags',
    'partner_attributions',
    'partner_clicks',
    'partner_links',
    'partner_plan_assignments',
    'partner_wallets',
    'partners',
    'partner_applications',
    'partner_plans',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.deleteFrom('lifecycle_events').where('kind', '=', 'partner_application').execute();
}
