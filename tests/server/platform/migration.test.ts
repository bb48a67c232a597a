import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../server/db/connect.ts';
import type { MigrationDb } from '../../../server/db/dialect.ts';
import { migrateToLatest, migrator } from '../../../server/db/migrate.ts';
import type { Db } from '../../../server/db/schema.ts';
import { EmbeddedPlatform } from '../../../server/platform/embedded/platform.ts';
import { soloLeadership } from '../../../server/platform/embedded/leader.ts';
import { DIALECTS, type FreshDatabase, TestClock, testConfig } from '../support.ts';

const AT = '2030-01-10T10:00:00.000Z';

describe.each(DIALECTS)('upgrading an installation to the embedded platform on $name', (dialect) => {
  let database: FreshDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await dialect.fresh();
    db = connect(testConfig(database.url).database);
    await migrator(db).migrateTo('0014_content_translations');
    const old = db as unknown as MigrationDb;
    const user = await old
      .insertInto('users')
      .values({ first_name: 'Olena', second_name: 'Koval', email: 'olena@example.com', password_hash: 'x', email_verified_at: AT, created_at: AT, updated_at: AT })
      .returning('id')
      .executeTakeFirstOrThrow();
    const currency = async (code: string) => Number((await old.selectFrom('currencies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);
    const account = (number: string, type: string, code: number, leverage: number, status = 'active') => ({
      user_id: user.id,
      number,
      type,
      currency_id: code,
      leverage,
      balance: 0,
      equity: 0,
      status,
      created_at: AT,
      updated_at: AT,
    });
    const [live, demo] = await Promise.all(
      [
        account('41234567', 'live', await currency('EUR'), 200),
        account('51234567', 'demo', await currency('JPY'), 50),
        account('61234567', 'demo', await currency('USD'), 100, 'archived'),
      ].map(async (values) => Number((await old.insertInto('trading_accounts').values(values).returning('id').executeTakeFirstOrThrow()).id)),
    );
    const entry = (account_id: number, amount: number, status: string, reference: string, currency_id: number) => ({
      user_id: user.id,
      account_id,
      kind: amount > 0 ? 'deposit' : 'withdrawal',
      amount,
      currency_id,
      status,
      reference,
      counterparty_account_id: null,
      created_at: AT,
      decided_at: status === 'pending' ? null : AT,
      decided_by: null,
    });
    await old
      .insertInto('ledger_entries')
      .values([
        entry(live!, 100_000, 'completed', 'DEP-AAAAAAAAAA', await currency('EUR')),
        entry(live!, -25_000, 'completed', 'WDR-AAAAAAAAAA', await currency('EUR')),
        entry(live!, -10_000, 'pending', 'WDR-BBBBBBBBBB', await currency('EUR')),
        entry(live!, 5_000, 'rejected', 'DEP-BBBBBBBBBB', await currency('EUR')),
        entry(demo!, 1_000_000, 'completed', 'DEP-CCCCCCCCCC', await currency('JPY')),
      ])
      .execute();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('provisions every trading account with its login, group, currency, leverage and completed ledger balance', async () => {
    const platform = new EmbeddedPlatform({ db, leadership: soloLeadership(), clock: new TestClock().now, seed: 1, tickMs: 400, marginCallLevel: 100, stopOutLevel: 50, feed: 'manual', backfillDays: 0 });
    await platform.start();
    try {
      const states = await platform.states(['41234567', '51234567', '61234567']);
      expect(states.get('41234567')).toMatchObject({ currency: 'EUR', precision: 2, leverage: 200, balance: 75_000, equity: 75_000 });
      expect(states.get('51234567')).toMatchObject({ currency: 'JPY', precision: 0, leverage: 50, balance: 1_000_000 });
      expect(states.get('61234567')).toMatchObject({ currency: 'USD', balance: 0 });
      const deals = await platform.deals('41234567', { from: new Date(0), to: new Date('2100-01-01'), page: 1, per_page: 10 });
      expect(deals.data).toEqual([expect.objectContaining({ kind: 'balance', profit: 75_000, comment: 'migrated' })]);
      expect((await platform.deals('61234567', { from: new Date(0), to: new Date('2100-01-01'), page: 1, per_page: 10 })).data).toEqual([]);
      // The archived account stays archived; the group is the account's type.
      const rows = await (db as unknown as MigrationDb).selectFrom('platform_accounts').select(['login', 'grp', 'status']).orderBy('login').execute();
      expect(rows).toEqual([
        { login: '41234567', grp: 'live', status: 'active' },
        { login: '51234567', grp: 'demo', status: 'active' },
        { login: '61234567', grp: 'demo', status: 'archived' },
      ]);
    } finally {
      await platform.close();
    }
  });
});
