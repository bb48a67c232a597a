import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { connect } from '../../server/db/connect.ts';
import { dialectOf } from '../../server/db/dialect.ts';
import { migrateToLatest, migrations, migrator } from '../../server/db/migrate.ts';
import type { Db } from '../../server/db/schema.ts';
import { DEMO_USERS, seedDemo } from '../../server/db/seed.ts';
import { createPlatform } from '../../server/platform/index.ts';
import { createServices } from '../../server/services/index.ts';
import { systemClock } from '../../server/services/clock.ts';
import { DEMO_PASSWORD, DIALECTS, silentBroadcaster, testConfig, type FreshDatabase } from './support.ts';

describe.each(DIALECTS)('database on $name', (dialect) => {
  let database: FreshDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await dialect.fresh();
    db = connect(testConfig(database.url).database);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const services = () => {
    const config = testConfig(database.url);
    // Never started: these cases use the users and the seed without trading-platform accounts.
    const platform = createPlatform({ config, db, feed: 'manual', backfillDays: 0 });
    return createServices({ db, config, clock: systemClock, broadcaster: silentBroadcaster, platform });
  };

  it('talks to the database DATABASE_URL names', () => {
    expect(dialectOf(db)).toBe(dialect.name);
  });

  it('runs every migration on an empty database, and nothing the second time', async () => {
    const first = await migrateToLatest(db);
    expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual(Object.keys(migrations).map((name) => [name, 'Success']));
    const second = await migrateToLatest(db);
    expect(second.results).toEqual([]);
    expect((await migrator(db).getMigrations()).every((m) => m.executedAt)).toBe(true);
  });

  it('creates the admin and client roles with the schema', async () => {
    const roles = await db.selectFrom('roles').select('name').orderBy('name').execute();
    expect(roles.map((r) => r.name)).toEqual(['admin', 'client']);
  });

  it('seeds the three demo accounts with verified e-mails and their roles', async () => {
    expect(await seedDemo(db, services().users)).toBe(3);
    const rows = await db
      .selectFrom('users')
      .innerJoin('role_user', 'role_user.user_id', 'users.id')
      .innerJoin('roles', 'roles.id', 'role_user.role_id')
      .select(['users.email', 'users.email_verified_at', 'users.password_hash', 'roles.name as role'])
      .orderBy('users.id')
      .execute();
    expect(rows.map((r) => [r.email, r.role])).toEqual(DEMO_USERS.map((u) => [u.email, u.roles[0]]));
    for (const row of rows) {
      const { created_at } = await db.selectFrom('users').select('created_at').where('email', '=', row.email).executeTakeFirstOrThrow();
      const opened = await db
        .selectFrom('trading_accounts')
        .innerJoin('users', 'users.id', 'trading_accounts.user_id')
        .select('trading_accounts.created_at')
        .where('users.email', '=', row.email)
        .execute();
      // Registered before "today" and before any of their accounts: what home's "With us since" shows.
      expect(Date.parse(created_at)).toBeLessThan(Date.now() - 30 * 86_400_000);
      for (const account of opened) expect(Date.parse(created_at)).toBeLessThan(Date.parse(account.created_at));
      expect(row.email_verified_at).not.toBeNull();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
    }
  });

  it('leaves a database that already has users alone when seeding again', async () => {
    expect(await seedDemo(db, services().users)).toBe(0);
    const users = await db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(3);
  });

  it('lets every demo account sign in with the demo password', async () => {
    const app = await buildApp(testConfig(database.url), { db });
    try {
      for (const { email } of DEMO_USERS) {
        const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
        expect(res.statusCode, email).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('rehashes a password made with older argon2 parameters at the next sign-in', async () => {
    const stronger = testConfig(database.url, { passwordHashing: { memoryCost: 512, timeCost: 2, parallelism: 1 } });
    const app = await buildApp(stronger, { db });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email: DEMO_USERS[1].email, password: DEMO_PASSWORD } });
      expect(res.statusCode).toBe(200);
      const row = await db.selectFrom('users').select('password_hash').where('email', '=', DEMO_USERS[1].email).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=512,t=2,p=1\$/);
    } finally {
      await app.close();
    }
  });

  it('refuses a second user with the same e-mail at the database level', async () => {
    const now = new Date().toISOString();
    const duplicate = { first_name: 'A', second_name: 'B', email: DEMO_USERS[0].email, password_hash: 'x', created_at: now, updated_at: now };
    await expect(db.insertInto('users').values(duplicate).execute()).rejects.toThrow();
  });
});
