import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { type Config, databaseTarget, type PasswordHashingParams } from '../../server/config.ts';
import { connect } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Db } from '../../server/db/schema.ts';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed.ts';
import type { Clock } from '../../server/services/clock.ts';
import type { ServiceHooks } from '../../server/services/index.ts';

/**
 * Tests only: argon2id at 256 KiB and one pass, so a suite that hashes dozens of passwords
 * stays fast. Production uses PASSWORD_HASHING from config.ts.
 */
export const TEST_PASSWORD_HASHING: PasswordHashingParams = { memoryCost: 256, timeCost: 1, parallelism: 1 };

export { DEMO_PASSWORD };
export const ADMIN_EMAIL = 'admin@traderoom.test';
export const CLIENT_EMAIL = 'client@traderoom.test';

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

export interface Dialect {
  name: 'sqlite' | 'postgres';
  /** A new, empty database of this dialect. */
  fresh(): Promise<FreshDatabase>;
}

export const DIALECTS: Dialect[] = [
  {
    name: 'sqlite',
    async fresh() {
      const dir = mkdtempSync(join(tmpdir(), 'traderoom-sqlite-'));
      return { url: `sqlite:${join(dir, 'test.sqlite')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'postgres',
    async fresh() {
      // A schema per suite, selected through the connection's search_path.
      const base = inject('pgUrl');
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      return {
        url,
        async drop() {
          const client = new pg.Client({ connectionString: base });
          await client.connect();
          await client.query(`drop schema ${schema} cascade`);
          await client.end();
        },
      };
    },
  },
];

/** A clock the test moves by hand. */
export class TestClock {
  current = new Date('2030-01-15T09:00:00.000Z');
  readonly now: Clock = () => new Date(this.current.getTime());
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export function testConfig(databaseUrl: string, overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    appUrl: 'http://localhost:8000',
    appKey: 'test-app-key-0123456789abcdef0123456789',
    databaseUrl,
    database: databaseTarget(databaseUrl),
    pusher: { appId: 'traderoom', key: 'traderoom-key', secret: 'test-secret' },
    mail: { url: null, outbox: join(tmpdir(), 'traderoom-test-mail') },
    seedDemo: true,
    staticDir: join(tmpdir(), 'traderoom-no-such-dist'),
    skipBuild: true,
    logLevel: 'silent',
    trustProxy: false,
    passwordHashing: TEST_PASSWORD_HASHING,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  /** app.inject with JSON bodies; returns the response. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  post(url: string, payload: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Signs in and returns the bearer token. */
  login(email: string, password?: string, remember?: boolean): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  seed?: boolean;
  hooks?: ServiceHooks;
}

/** A migrated (and by default seeded) app on a fresh database of `dialect`. */
export async function startTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await dialect.fresh();
  const config = testConfig(database.url, options.config);
  const db = connect(config.database);
  await migrateToLatest(db);
  const clock = new TestClock();
  const app = await buildApp(config, { db, clock: clock.now, ...(options.hooks ? { hooks: options.hooks } : {}) });
  if (options.seed ?? true) await seedDemo(db, app.services.users);

  const request = (opts: InjectOptions) => app.inject(opts);
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });

  return {
    app,
    db,
    clock,
    request,
    post,
    async login(email, password = DEMO_PASSWORD, remember = false) {
      const res = await post('/api/login', { email, password, remember });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json<{ token: string }>().token;
    },
    async close() {
      await app.close();
      await db.destroy();
      await database.drop();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A unique e-mail address for a test, so cases sharing a suite's database do not collide. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}
