import type { MigrationDb } from '../dialect.ts';

/**
 * The partner statistics sum the lots of an account's deals over a period (docs/adr/0099,
 * `dealVolumes`): an index holding the deal's kind and volume beside its login and time lets both
 * databases answer from the index alone, without a row lookup per deal.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex('platform_deals_login_time_volume_index').on('platform_deals').columns(['login', 'time', 'kind', 'volume']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('platform_deals_login_time_volume_index').execute();
}
