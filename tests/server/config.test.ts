import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PASSWORD_HASHING } from '../../server/config.ts';

const CASES = [
  { name: 'sqlite', url: 'sqlite:var/test.sqlite', expected: (cwd: string) => ({ dialect: 'sqlite', filename: join(cwd, 'var/test.sqlite') }) },
  { name: 'postgres', url: 'postgresql://app:secret@db.internal:5432/traderoom', expected: () => ({ dialect: 'postgres', url: 'postgresql://app:secret@db.internal:5432/traderoom', poolMax: 10 }) },
] as const;

describe.each(CASES)('configuration with a $name DATABASE_URL', ({ url, expected }) => {
  const dirs: string[] = [];
  const cwd = () => {
    const dir = mkdtempSync(join(tmpdir(), 'traderoom-config-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('selects the database from DATABASE_URL', () => {
    const dir = cwd();
    expect(loadConfig({ DATABASE_URL: url }, { cwd: dir }).database).toEqual(expected(dir));
  });

  it('reads the encryption master key (base64 of 32 bytes) and the webhook URLs, and refuses others', () => {
    const key = Buffer.alloc(32, 9).toString('base64');
    const config = loadConfig(
      { DATABASE_URL: url, PUSHER_ENCRYPTION_MASTER_KEY: key, PUSHER_WEBHOOK_URLS: 'https://crm.example/pusher, http://127.0.0.1:9000/hooks' },
      { cwd: cwd() },
    );
    expect(config.pusher.encryptionMasterKey).toEqual(Buffer.alloc(32, 9));
    expect(config.pusher.webhookUrls).toEqual(['https://crm.example/pusher', 'http://127.0.0.1:9000/hooks']);
    const defaults = loadConfig({ DATABASE_URL: url }, { cwd: cwd() });
    expect(defaults.pusher.encryptionMasterKey).toHaveLength(32);
    expect(defaults.pusher.webhookUrls).toEqual([]);
    expect(() => loadConfig({ DATABASE_URL: url, PUSHER_ENCRYPTION_MASTER_KEY: Buffer.alloc(16).toString('base64') }, { cwd: cwd() })).toThrow(
      /PUSHER_ENCRYPTION_MASTER_KEY: expected base64 of 32 bytes/,
    );
    expect(() => loadConfig({ DATABASE_URL: url, PUSHER_WEBHOOK_URLS: 'ftp://files.example/x' }, { cwd: cwd() })).toThrow(/PUSHER_WEBHOOK_URLS/);
  });

  it('keeps REDIS_URL for the throttles when realtime goes to an external PUSHER_HOST', () => {
    const config = loadConfig({ DATABASE_URL: url, REDIS_URL: 'redis://127.0.0.1:6390', PUSHER_HOST: 'soketi.example' }, { cwd: cwd() });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6390');
    expect(config.pusher.host).toBe('soketi.example');
  });

  it('fills in the documented defaults', () => {
    const dir = cwd();
    const config = loadConfig({ DATABASE_URL: url }, { cwd: dir });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 8000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:8000',
      pusher: { appId: 'traderoom', key: 'traderoom-key' },
      mail: { url: null, outbox: join(dir, 'var/mail'), from: 'Traderoom <no-reply@localhost>' },
      seedDemo: true,
      staticDir: join(dir, 'dist'),
      skipBuild: false,
      logLevel: 'info',
      trustProxy: false,
      passwordHashing: PASSWORD_HASHING,
      maxTradingAccounts: 5,
      realtimeLimits: {
        allowedOrigins: ['http://localhost:8000', 'http://127.0.0.1:8000', 'http://[::1]:8000'],
        maxConnectionsPerAddress: 100,
        maxChannelsPerConnection: 100,
      },
      requestTimeoutMs: 120_000,
    });
    expect(config.pusher.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('generates APP_KEY once into var/app-key, readable by the owner only, and reuses it', () => {
    const dir = cwd();
    const first = loadConfig({ DATABASE_URL: url }, { cwd: dir });
    const file = join(dir, 'var/app-key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.appKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATABASE_URL: url }, { cwd: dir }).appKey).toBe(first.appKey);
  });

  it('takes APP_URL, PORT and an explicit APP_KEY from the environment', () => {
    const config = loadConfig(
      { DATABASE_URL: url, PORT: '9000', APP_URL: 'https://traderoom.example/', APP_KEY: 'k'.repeat(40), PUSHER_APP_SECRET: 's3cret' },
      { cwd: cwd() },
    );
    expect(config).toMatchObject({ port: 9000, appUrl: 'https://traderoom.example', appKey: 'k'.repeat(40), pusher: { secret: 's3cret' } });
  });

  it('turns the demo seed and the build check off in production, unless SEED_DEMO says otherwise', () => {
    const dir = cwd();
    expect(loadConfig({ DATABASE_URL: url, NODE_ENV: 'production' }, { cwd: dir })).toMatchObject({ seedDemo: false, skipBuild: true });
    expect(loadConfig({ DATABASE_URL: url, NODE_ENV: 'production', SEED_DEMO: 'true' }, { cwd: dir }).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: '0' }, { cwd: dir }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SKIP_BUILD: '1' }, { cwd: dir }).skipBuild).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: url, PORT: '', SEED_DEMO: ' ' }, { cwd: cwd() })).toMatchObject({ port: 8000, seedDemo: true });
  });

  it('stops with a message naming each bad variable', () => {
    const load = () =>
      loadConfig({ DATABASE_URL: url, PORT: 'eighty', SEED_DEMO: 'maybe', APP_KEY: 'short', APP_URL: 'ftp://x' }, { cwd: cwd() });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT: .*\n.*APP_URL: expected an http:\/\/ or https:\/\/ URL\n.*APP_KEY: must be at least 32 characters\n.*SEED_DEMO: expected one of/);
  });

  it('lets the realtime hub be opened from APP_URL and ALLOWED_ORIGINS, with the caps and the request timeout from the environment', () => {
    const config = loadConfig(
      {
        DATABASE_URL: url,
        APP_URL: 'https://traderoom.example/area/',
        ALLOWED_ORIGINS: ' https://Admin.Traderoom.example , http://localhost:5173/,',
        REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '20',
        REALTIME_MAX_CHANNELS_PER_CONNECTION: '8',
        REQUEST_TIMEOUT_SECONDS: '30',
        HOST: '0.0.0.0',
      },
      { cwd: cwd() },
    );
    expect(config).toMatchObject({
      host: '0.0.0.0',
      realtimeLimits: {
        allowedOrigins: ['https://traderoom.example', 'https://admin.traderoom.example', 'http://localhost:5173'],
        maxConnectionsPerAddress: 20,
        maxChannelsPerConnection: 8,
      },
      requestTimeoutMs: 30_000,
    });
    expect(() => loadConfig({ DATABASE_URL: url, ALLOWED_ORIGINS: 'https://ok.example,evil' }, { cwd: cwd() })).toThrow(
      /ALLOWED_ORIGINS: evil is not an http:\/\/ or https:\/\/ origin/,
    );
  });

  it('refuses a DATABASE_URL of another kind', () => {
    expect(() => loadConfig({ DATABASE_URL: url.replace(/^\w+:/, 'mysql:') }, { cwd: cwd() })).toThrow(/DATABASE_URL: expected sqlite:<path>/);
  });
});
