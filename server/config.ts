import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { VERIFICATION_DEPOSIT_THRESHOLD_DEFAULT } from '../contract/payments.ts';
import { PARTNER_COOKIE_DAYS_DEFAULT } from '../contract/partners.ts';
import { MARGIN_CALL_LEVEL_DEFAULT, QUOTE_MAX_AGE_SECONDS_DEFAULT, STOP_OUT_LEVEL_DEFAULT } from '../contract/platform.ts';
import { MAX_CHANNELS_PER_CONNECTION, MAX_CONNECTIONS_PER_ADDRESS } from './realtime/protocol.ts';

/**
 * Server configuration, read once from the environment at start-up.
 * This file is the single source for the environment table in the README:
 * every variable, its default and its meaning are documented on the schema below.
 * An empty value (`NAME=`) counts as unset. A bad value stops start-up with a message
 * naming the variable.
 */

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Parameters of the argon2id password hash (memory in KiB). */
export interface PasswordHashingParams {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * Production argon2id parameters: 64 MiB, 3 passes, 1 lane (RFC 9106's second
 * recommended setting, single-threaded). 45–75 ms a hash or verification on the development VM.
 * Not settable from the environment; tests pass lower figures through `Config` directly.
 */
export const PASSWORD_HASHING: PasswordHashingParams = { memoryCost: 65_536, timeCost: 3, parallelism: 1 };

/** An OAuth application registered with a provider. */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** A generic OpenID Connect provider, found through its issuer's discovery document. */
export interface OidcClient extends OAuthClient {
  issuer: string;
  /** The button's label ("Sign in with …"). */
  name: string;
}

export interface OAuthConfig {
  github: OAuthClient | null;
  google: OAuthClient | null;
  oidc: OidcClient | null;
  /** Start the loopback OpenID Connect provider with a demo account and use it as `oidc` (never in production). */
  demo: boolean;
}

/** `poolMax`: the PostgreSQL connections one process holds at most (DATABASE_POOL_MAX). */
export type DatabaseTarget = { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; url: string; poolMax?: number };

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  appUrl: string;
  appKey: string;
  databaseUrl: string;
  database: DatabaseTarget;
  pusher: PusherConfig;
  /** Redis shared by the app processes: the throttles' counters, and the hub's channels when the hub is our own; null: one process. */
  redisUrl: string | null;
  mail: { url: string | null; outbox: string; from: string };
  seedDemo: boolean;
  staticDir: string;
  skipBuild: boolean;
  logLevel: LogLevel;
  trustProxy: boolean | string;
  passwordHashing: PasswordHashingParams;
  /** Trading accounts a client may hold (archived ones included). */
  maxTradingAccounts: number;
  oauth: OAuthConfig;
  /** Where uploaded verification documents are kept: outside the web root. */
  uploadDir: string;
  /** Who may open the app's own realtime hub, and how much of it one client may hold. */
  realtimeLimits: RealtimeLimits;
  /** Time a client has to send a whole request, headers and body; then 408 and the connection closes. */
  requestTimeoutMs: number;
  /** Registrations allowed per client address within an hour (REGISTER_MAX_PER_HOUR); default services' LIMITS. */
  registrationsPerHour?: number;
  /** Hours live withdrawals are held after a password, e-mail or second-factor change (SECURITY_COOLDOWN_HOURS, default 24; 0: none). */
  securityCooldownHours?: number;
  /** The trading platform trading accounts live on (server/platform/). */
  platform: PlatformConfig;
  /** Live deposits (USD equivalent) a client may make before identity verification; 0: none (VERIFICATION_DEPOSIT_THRESHOLD). */
  verificationDepositThreshold?: number;
  /** Minutes between two reconciliations of the ledger with the platform (RECONCILE_INTERVAL_MINUTES); 0: only on demand. */
  reconcileIntervalMinutes?: number;
  /** Days a referral link's first-touch cookie attributes a registration (PARTNER_COOKIE_DAYS, default 60; docs/adr/0095). */
  partnerCookieDays?: number;
}

export interface PlatformConfig {
  /** The adapter; `embedded` is the only one built (docs/platforms.md maps the others). */
  name: 'embedded';
  /** Seed of the embedded platform's simulated prices: the same seed, the same prices. */
  seed: number;
  /** Milliseconds between two simulated ticks. */
  tickMs: number;
  /** Margin level (%) at or below which an account is in margin call. */
  marginCallLevel: number;
  /** Margin level (%) at or below which the platform closes positions, most losing first. */
  stopOutLevel: number;
  /**
   * Seconds a stored quote stays good for a fill while its market trades: older, the price feed
   * has stopped (its process died) and orders and closes are refused rather than filled at it.
   */
  quoteMaxAgeSeconds: number;
}

export interface RealtimeLimits {
  /** Origins whose pages may open the hub: APP_URL's (with its loopback aliases) and ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  maxConnectionsPerAddress: number;
  maxChannelsPerConnection: number;
}

/**
 * The realtime app. `host` null: the app's own hub at `/app/{key}` on this server's port;
 * otherwise an external Pusher-compatible service that the server publishes to through the
 * `pusher` SDK and that browsers connect to.
 */
export interface PusherConfig {
  appId: string;
  key: string;
  secret: string;
  host: string | null;
  port: number | null;
  scheme: 'http' | 'https';
  /** 32 bytes: each private-encrypted-* channel's shared secret is derived from it (protocol.ts, sharedSecret). */
  encryptionMasterKey: Buffer;
  /** Where the hub POSTs its webhooks (channel_occupied, member_added, client_event…). */
  webhookUrls: string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const FLAG_TRUE = ['1', 'true', 'yes', 'on'];
const FLAG_FALSE = ['0', 'false', 'no', 'off'];

const flag = z
  .string()
  .transform((value, ctx) => {
    const v = value.trim().toLowerCase();
    if (FLAG_TRUE.includes(v)) return true;
    if (FLAG_FALSE.includes(v)) return false;
    ctx.addIssue({ code: 'custom', message: `expected one of ${[...FLAG_TRUE, ...FLAG_FALSE].join(', ')}` });
    return z.NEVER;
  })
  .optional();

const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' });

const envSchema = z.object({
  /** Runtime mode: `development`, `production` or `test`. Default `development`. Production skips the build check and the demo seed. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** TCP port to listen on. Default `8000`. */
  PORT: z.coerce.number().int().min(0).max(65_535).default(8000),
  /**
   * Address to bind. Default `127.0.0.1`: only this machine reaches the server (and the development
   * mailbox). `0.0.0.0` (all interfaces) or a LAN address opens it to the network.
   */
  HOST: z.string().default('127.0.0.1'),
  /** Public address of the app, used in links the server writes (mail, OAuth). Default `http://localhost:${PORT}`. */
  APP_URL: httpUrl.optional(),
  /**
   * Signing secret (at least 32 characters). Default: 32 random bytes generated on the
   * first start into `var/app-key` (mode 0600) and reused afterwards.
   */
  APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Database. `sqlite:<path>` (relative to the working directory) or `sqlite::memory:`;
   * `postgres://…` or `postgresql://…` selects PostgreSQL. Default `sqlite:var/traderoom.sqlite`.
   */
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'expected sqlite:<path>, sqlite::memory: or postgres://…')
    .default('sqlite:var/traderoom.sqlite'),
  /**
   * PostgreSQL connections one app process holds at most. Default 10: with 200 chat rooms sending a
   * message a second each, 5 lost 971 of 6,000 sends, 10 none, 20 no better (`npm run bench`,
   * docs/adr/0091); keep processes × this under the server's `max_connections` (100 by default).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** Realtime (Pusher protocol) app id. Default `traderoom`. */
  PUSHER_APP_ID: z.string().default('traderoom'),
  /** Realtime app key, public (the browser sends it). Default `traderoom-key`. */
  PUSHER_APP_KEY: z.string().default('traderoom-key'),
  /** Realtime app secret that signs channel authorisations. Default: derived from APP_KEY. */
  PUSHER_APP_SECRET: z.string().optional(),
  /**
   * An external Pusher-compatible service (Soketi, Laravel Reverb, Pusher Channels), e.g.
   * `soketi.internal`. Unset (default): the app serves the realtime hub itself at `/app/{key}`.
   * Set: the server publishes through the `pusher` SDK and browsers connect there.
   */
  PUSHER_HOST: z.string().optional(),
  /** Port of PUSHER_HOST. Default 443 with https, else 80. */
  PUSHER_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** `https` (default) or `http` for PUSHER_HOST. */
  PUSHER_SCHEME: z.enum(['http', 'https']).default('https'),
  /**
   * Base64 of 32 random bytes (`openssl rand -base64 32`): encrypted channels' shared secrets are
   * derived from it, as Pusher derives them. Default: derived from APP_KEY. With PUSHER_HOST, the
   * same key as the service's.
   */
  PUSHER_ENCRYPTION_MASTER_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'expected base64 of 32 bytes')
    .optional(),
  /** URLs the hub POSTs Pusher webhooks to, comma-separated, signed with the app key and secret. Default: none. */
  PUSHER_WEBHOOK_URLS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  /**
   * Redis for several app processes behind one address: each publishes realtime events to
   * Redis and delivers what arrives to its own sockets, e.g. `redis://127.0.0.1:6379`.
   * Unset (default): one process, delivery in memory. Ignored when PUSHER_HOST is set.
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'expected a redis:// or rediss:// URL' }).optional(),
  /** Outgoing mail server, e.g. `smtp://user:pass@host:587`. Unset: mail is written to MAIL_OUTBOX instead. */
  MAIL_URL: z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
  /** Directory that receives mail as files when MAIL_URL is unset. Default `var/mail`. */
  MAIL_OUTBOX: z.string().default('var/mail'),
  /** Sender of every mail, e.g. `Traderoom <no-reply@example.com>`. Default `Traderoom <no-reply@` + APP_URL's host + `>`. */
  MAIL_FROM: z.string().optional(),
  /** Seed the demo accounts into an empty database (`1`/`0`, `true`/`false`). Default on, off when NODE_ENV=production. */
  SEED_DEMO: flag,
  /** Directory holding the built app (`vite build` output). Default `dist`. */
  STATIC_DIR: z.string().default('dist'),
  /** `1` skips the "is the built app fresh?" check and rebuild at start-up. Default off (always skipped in production). */
  SKIP_BUILD: flag,
  /** Log level: fatal, error, warn, info, debug, trace or silent. Default `info`. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Trust X-Forwarded-* headers (client IP for the login throttle, protocol). Default off.
   * `1`/`true` trusts every proxy; otherwise a comma-separated list of proxy addresses or CIDRs.
   */
  TRUST_PROXY: z.string().optional(),
  /** GitHub OAuth app's client id; GitHub sign-in is offered only when this and the secret are set. Callback: `${APP_URL}/api/oauth/github/callback`. */
  OAUTH_GITHUB_CLIENT_ID: z.string().optional(),
  /** GitHub OAuth app's client secret. */
  OAUTH_GITHUB_CLIENT_SECRET: z.string().optional(),
  /** Google OAuth client id; Google sign-in is offered only when this and the secret are set. Callback: `${APP_URL}/api/oauth/google/callback`. */
  OAUTH_GOOGLE_CLIENT_ID: z.string().optional(),
  /** Google OAuth client secret. */
  OAUTH_GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Issuer URL of any OpenID Connect provider (discovery at `<issuer>/.well-known/openid-configuration`); offered as `oidc` when the client id and secret are set too. Callback: `${APP_URL}/api/oauth/oidc/callback`. */
  OIDC_ISSUER: httpUrl.optional(),
  /** Client id at the OpenID Connect provider. */
  OIDC_CLIENT_ID: z.string().optional(),
  /** Client secret at the OpenID Connect provider. */
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The OpenID Connect provider's name on the sign-in button. Default `OpenID Connect`. */
  OIDC_NAME: z.string().default('OpenID Connect'),
  /** `1` starts a loopback OpenID Connect provider with a demo account and offers it as `oidc` (development and tests; ignored in production). Default off. */
  OAUTH_DEMO: flag,
  /** Directory for uploaded verification documents, outside the web root. Default `var/uploads`. */
  UPLOAD_DIR: z.string().default('var/uploads'),
  /** Trading accounts one client may hold, archived ones included. Default `5`. */
  MAX_TRADING_ACCOUNTS: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * More origins whose pages may open the realtime hub, comma-separated (`https://a.example,https://b.example`).
   * Always allowed: APP_URL's origin (and, when it is localhost, 127.0.0.1 or [::1], the other two on
   * its port). Upgrades without an `Origin` header (programs, not browsers) are let in.
   */
  ALLOWED_ORIGINS: z
    .string()
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
        const parsed = httpUrl.safeParse(entry);
        if (parsed.success) origins.push(new URL(parsed.data).origin);
        else ctx.addIssue({ code: 'custom', message: `${entry} is not an http:// or https:// origin` });
      }
      return origins;
    })
    .optional(),
  /** Realtime connections one client address may hold at once; one more is refused with close code 4100 (retry later). Default `100`. */
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(MAX_CONNECTIONS_PER_ADDRESS),
  /** Channels one realtime connection may join; one more is refused with a subscription error (status 4100). Default `100`. */
  REALTIME_MAX_CHANNELS_PER_CONNECTION: z.coerce.number().int().min(1).max(100_000).default(MAX_CHANNELS_PER_CONNECTION),
  /**
   * Seconds a client has to send a whole request, headers and body (uploads included); then 408 and
   * the connection closes. Headers alone must arrive within 60 s (or this, if shorter). Default `120`.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Registrations allowed per client address within an hour (each one mails a link). Default `10`. */
  REGISTER_MAX_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  SECURITY_COOLDOWN_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /**
   * The trading platform accounts live on. `embedded` (default, the only one built): simulated prices
   * and positions in this app's database. Adapters for MetaTrader 5 and cTrader: see docs/platforms.md.
   */
  PLATFORM: z.enum(['embedded'], { error: 'the only platform built is `embedded`; docs/platforms.md maps MetaTrader 5 and cTrader for an adapter' }).default('embedded'),
  /** Seed of the embedded platform's simulated prices (and its 30-day back-fill): the same seed gives the same prices. Default `20260101`. */
  PLATFORM_SEED: z.coerce.number().int().min(0).max(2_147_483_647).default(20_260_101),
  /** Milliseconds between the embedded platform's price ticks. Default `400`. */
  PLATFORM_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(400),
  /** Margin level (equity over margin, %) at or below which an account is in margin call. Default `100`. */
  MARGIN_CALL_LEVEL: z.coerce.number().min(0).max(10_000).default(MARGIN_CALL_LEVEL_DEFAULT),
  /** Margin level (%) at or below which the platform closes positions, the most losing first, until it is above again. Default `50`. */
  STOP_OUT_LEVEL: z.coerce.number().min(0).max(10_000).default(STOP_OUT_LEVEL_DEFAULT),
  /** Seconds after which a trading instrument's last quote is too old to fill an order or a close at (the price feed has stopped): 503 "prices are not updating". Default `10`. */
  PLATFORM_QUOTE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(QUOTE_MAX_AGE_SECONDS_DEFAULT),
  /**
   * Live deposits a client may make before an approved identity verification, in US dollars (other
   * currencies at the platform's rates; pending deposits count). `0`: every live deposit needs it.
   * Live withdrawals always do. Default `2000`.
   */
  VERIFICATION_DEPOSIT_THRESHOLD: z.coerce.number().min(0).max(1_000_000_000).default(VERIFICATION_DEPOSIT_THRESHOLD_DEFAULT),
  /** Minutes between two reconciliations of the ledger with the platform, logged when they find drift (staff see it on demand). `0`: off. Default `60`. */
  RECONCILE_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /** Days a referral link's first-touch cookie lasts: a registration within them is attributed to the link's partner. Default `60`. */
  PARTNER_COOKIE_DAYS: z.coerce.number().int().min(1).max(730).default(PARTNER_COOKIE_DAYS_DEFAULT),
});

export interface LoadConfigOptions {
  /** Directory that relative paths resolve against. Default `process.cwd()`. */
  cwd?: string;
}

/** Reads the configuration from `env` (default `process.env`); throws ConfigError on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): Config {
  const cwd = options.cwd ?? process.cwd();
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((name) => [name, env[name]] as const)
      .filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'env'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STOP_OUT_LEVEL >= e.MARGIN_CALL_LEVEL) {
    throw new ConfigError(`Invalid configuration in the environment:\n  STOP_OUT_LEVEL: must be below MARGIN_CALL_LEVEL (${e.MARGIN_CALL_LEVEL})`);
  }
  const appKey = e.APP_KEY ?? readOrCreateAppKey(resolve(cwd, 'var/app-key'));
  const production = e.NODE_ENV === 'production';
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    appKey,
    databaseUrl: e.DATABASE_URL,
    database: databaseTarget(e.DATABASE_URL, cwd, e.DATABASE_POOL_MAX),
    pusher: {
      appId: e.PUSHER_APP_ID,
      key: e.PUSHER_APP_KEY,
      secret: e.PUSHER_APP_SECRET ?? createHmac('sha256', appKey).update('pusher-app-secret').digest('hex'),
      host: e.PUSHER_HOST ?? null,
      port: e.PUSHER_HOST ? (e.PUSHER_PORT ?? (e.PUSHER_SCHEME === 'https' ? 443 : 80)) : null,
      scheme: e.PUSHER_SCHEME,
      encryptionMasterKey: e.PUSHER_ENCRYPTION_MASTER_KEY
        ? Buffer.from(e.PUSHER_ENCRYPTION_MASTER_KEY, 'base64')
        : createHmac('sha256', appKey).update('pusher-encryption-master-key').digest(),
      webhookUrls: e.PUSHER_WEBHOOK_URLS,
    },
    redisUrl: e.REDIS_URL ?? null,
    mail: {
      url: e.MAIL_URL ?? null,
      outbox: resolve(cwd, e.MAIL_OUTBOX),
      from: e.MAIL_FROM ?? `Traderoom <no-reply@${new URL(appUrl).hostname}>`,
    },
    seedDemo: e.SEED_DEMO ?? !production,
    staticDir: resolve(cwd, e.STATIC_DIR),
    skipBuild: production || (e.SKIP_BUILD ?? false),
    logLevel: e.LOG_LEVEL,
    trustProxy: trustProxy(e.TRUST_PROXY),
    passwordHashing: PASSWORD_HASHING,
    oauth: {
      github: oauthClient(e.OAUTH_GITHUB_CLIENT_ID, e.OAUTH_GITHUB_CLIENT_SECRET),
      google: oauthClient(e.OAUTH_GOOGLE_CLIENT_ID, e.OAUTH_GOOGLE_CLIENT_SECRET),
      oidc: e.OIDC_ISSUER
        ? (() => {
            const client = oauthClient(e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET);
            return client && { ...client, issuer: e.OIDC_ISSUER.replace(/\/+$/, ''), name: e.OIDC_NAME };
          })()
        : null,
      demo: !production && (e.OAUTH_DEMO ?? false),
    },
    uploadDir: resolve(cwd, e.UPLOAD_DIR),
    maxTradingAccounts: e.MAX_TRADING_ACCOUNTS,
    realtimeLimits: {
      allowedOrigins: [...new Set([...originsOf(appUrl), ...(e.ALLOWED_ORIGINS ?? [])])],
      maxConnectionsPerAddress: e.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
      maxChannelsPerConnection: e.REALTIME_MAX_CHANNELS_PER_CONNECTION,
    },
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    registrationsPerHour: e.REGISTER_MAX_PER_HOUR,
    securityCooldownHours: e.SECURITY_COOLDOWN_HOURS,
    platform: {
      name: e.PLATFORM,
      seed: e.PLATFORM_SEED,
      tickMs: e.PLATFORM_TICK_MS,
      marginCallLevel: e.MARGIN_CALL_LEVEL,
      stopOutLevel: e.STOP_OUT_LEVEL,
      quoteMaxAgeSeconds: e.PLATFORM_QUOTE_MAX_AGE_SECONDS,
    },
    verificationDepositThreshold: e.VERIFICATION_DEPOSIT_THRESHOLD,
    reconcileIntervalMinutes: e.RECONCILE_INTERVAL_MINUTES,
    partnerCookieDays: e.PARTNER_COOKIE_DAYS,
  };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * APP_URL's origin; for a loopback APP_URL also its aliases on the same port, since the start-up
 * line and the README may name another spelling of the same server.
 */
export function originsOf(appUrl: string): string[] {
  const url = new URL(appUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => new URL(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`).origin);
}

/** A provider is enabled only when both its client id and its secret are configured. */
function oauthClient(clientId: string | undefined, clientSecret: string | undefined): OAuthClient | null {
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/** Where DATABASE_URL points: a SQLite file (or memory) or a PostgreSQL server. */
export function databaseTarget(url: string, cwd = process.cwd(), poolMax?: number): DatabaseTarget {
  if (/^postgres(ql)?:\/\//.test(url)) return poolMax === undefined ? { dialect: 'postgres', url } : { dialect: 'postgres', url, poolMax };
  const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  return { dialect: 'sqlite', filename: path === ':memory:' ? ':memory:' : resolve(cwd, path) };
}

function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined) return false;
  const v = value.trim().toLowerCase();
  if (FLAG_TRUE.includes(v)) return true;
  if (FLAG_FALSE.includes(v)) return false;
  return value.trim();
}

function readOrCreateAppKey(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  try {
    // `wx`: when two processes start at once, the second one reads the first one's key.
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
