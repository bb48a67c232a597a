import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { type Config, databaseTarget, originsOf, type PasswordHashingParams } from '../../server/config.ts';
import { connect } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Db } from '../../server/db/schema.ts';
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, seedDemo } from '../../server/db/seed.ts';
import type { Broadcaster } from '../../server/realtime/broadcaster.ts';
import type { Clock } from '../../server/services/clock.ts';
import { linkTo, parseMail, type ReceivedMail } from '../mail/received.ts';
import { startSmtpSink } from '../mail/smtp-sink.ts';
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

/** For suites that build services without realtime: publishes nowhere. */
export const silentBroadcaster: Broadcaster = { driver: 'local', publish: async () => {}, terminateUser: async () => {}, close: async () => {} };

/**
 * A clock the test moves by hand. The throttles count on rate-limiter-flexible's own clock
 * (`Date`): a test that moves them too fakes Date (`fakeDate()`), and `advance` moves both.
 */
export class TestClock {
  current = new Date('2030-01-15T09:00:00.000Z');
  readonly now: Clock = () => new Date(this.current.getTime());
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
    if (vi.isFakeTimers()) vi.setSystemTime(Date.now() + ms);
  }
}

/** Fakes `Date` only (timers stay real), for tests that move throttle windows; undo with `vi.useRealTimers()`. */
export function fakeDate(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
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
    pusher: {
      appId: 'traderoom',
      key: 'traderoom-key',
      secret: 'test-secret',
      host: null,
      port: null,
      scheme: 'https',
      encryptionMasterKey: Buffer.alloc(32, 7),
      webhookUrls: [],
    },
    redisUrl: null,
    mail: { url: null, outbox: join(tmpdir(), 'traderoom-test-mail'), from: 'Traderoom <no-reply@localhost>' },
    seedDemo: true,
    staticDir: join(tmpdir(), 'traderoom-no-such-dist'),
    skipBuild: true,
    logLevel: 'silent',
    trustProxy: false,
    passwordHashing: TEST_PASSWORD_HASHING,
    oauth: { github: null, google: null, oidc: null, demo: false },
    uploadDir: join(tmpdir(), `traderoom-test-uploads-${randomBytes(4).toString('hex')}`),
    maxTradingAccounts: 5,
    realtimeLimits: { allowedOrigins: originsOf(overrides.appUrl ?? 'http://localhost:8000'), maxConnectionsPerAddress: 100, maxChannelsPerConnection: 100 },
    requestTimeoutMs: 120_000,
    platform: { name: 'embedded', seed: 42, tickMs: 400, marginCallLevel: 100, stopOutLevel: 50, quoteMaxAgeSeconds: 10 },
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
  /** A staff member's second factor (the demo admin's key) and a remembered device for `login`. */
  enrolStaff(email: string): Promise<void>;
  /** Signs in and returns the bearer token (staff from a remembered device: no second step). */
  login(email: string, password?: string, remember?: boolean): Promise<string>;
  /** Mail the app sent through SMTP to the test's own SMTP server. */
  mail: Inbox;
  /**
   * Registers a client through the API and follows the verification link mailed to it, so the
   * account can sign in. Answers what it registered with.
   */
  registerVerified(overrides?: Partial<NewAccount>): Promise<NewAccount>;
  close(): Promise<void>;
}

export interface NewAccount {
  first_name: string;
  second_name: string;
  email: string;
  password: string;
}

export interface Inbox {
  /** Every mail received so far to `address` (any letter case), oldest first. */
  to(address: string): Promise<ReceivedMail[]>;
  /** The newest mail to `address`; fails the test when there is none. */
  latest(address: string): Promise<ReceivedMail>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  seed?: boolean;
  hooks?: ServiceHooks;
}

/** A migrated (and by default seeded) app on a fresh database of `dialect`. */
export async function startTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await dialect.fresh();
  const received: Buffer[] = [];
  const sink = await startSmtpSink((raw) => void received.push(raw));
  const config = testConfig(database.url, { mail: { url: sink.url, outbox: '', from: 'Traderoom <no-reply@localhost>' }, ...options.config });
  const db = connect(config.database);
  await migrateToLatest(db);
  const clock = new TestClock();
  // The trading platform's prices move only when a test says so (tick, setQuote): the same on every run.
  const app = await buildApp(config, { db, clock: clock.now, platformOptions: { feed: 'manual', backfillDays: 0 }, ...(options.hooks ? { hooks: options.hooks } : {}) });
  if (options.seed ?? true) await seedDemo(db, app.services.users, { platform: app.services.platform, secondFactor: app.services.secondFactor });
  // Staff sign in with a second factor. The tests' sign-ins come from a remembered device, as a
  // TOTP code may be used once and tests sign staff in many times within its 30 seconds.
  const devices = new Map<string, string>();
  async function rememberDevice(email: string) {
    const user = await app.services.users.findByEmail(email);
    if (!user) throw new Error(`no user ${email}`);
    devices.set(email.toLowerCase(), await app.services.secondFactor.trustDevice(user.id, null));
    return user;
  }
  if (options.seed ?? true) await rememberDevice(ADMIN_EMAIL);

  const request = (opts: InjectOptions) => app.inject(opts);
  const inbox: Inbox = {
    async to(address) {
      const all = await Promise.all(received.map((raw) => parseMail(raw)));
      return all.filter((m) => m.to.toLowerCase() === address.toLowerCase());
    },
    async latest(address) {
      const all = await inbox.to(address);
      if (all.length === 0) throw new Error(`no mail to ${address}`);
      return all.at(-1)!;
    },
  };
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });

  return {
    app,
    db,
    clock,
    request,
    post,
    async enrolStaff(email) {
      const user = await rememberDevice(email);
      await app.services.secondFactor.enrolKnown(user.id, DEMO_ADMIN_TOTP_SECRET);
    },
    async login(email, password = DEMO_PASSWORD, remember = false) {
      const device = devices.get(email.toLowerCase());
      const res = await request({ method: 'POST', url: '/api/login', payload: { email, password, remember }, ...(device ? { cookies: { trusted_device: device } } : {}) });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json<{ token: string }>().token;
    },
    async registerVerified(overrides = {}) {
      const account = { first_name: 'Ivan', second_name: 'Petrenko', email: uniqueEmail('client'), password: 'a good password', ...overrides };
      // From an address of its own: registrations are throttled per address.
      const res = await request({
        method: 'POST',
        url: '/api/register',
        payload: { ...account, password_confirmation: account.password },
        remoteAddress: uniqueAddress(),
      });
      if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      const link = linkTo(await inbox.latest(account.email), '/email/verify/');
      const verified = await post(`/api/email/verify/${link.pathname.split('/').pop()}${link.search}`, undefined);
      if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
      return account;
    },
    mail: inbox,
    async close() {
      await sink.close();
      await app.close();
      await db.destroy();
      await database.drop();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A client address of its own (10.0.0.0/8), so that per-address throttles of one case never touch another's. */
export function uniqueAddress(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

/** A unique e-mail address for a test, so cases sharing a suite's database do not collide. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}
