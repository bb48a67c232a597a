import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('OAuth and upload configuration', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'traderoom-oauth-config-'));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ APP_KEY: 'k'.repeat(40), ...env }, { cwd });

  it('enables no provider and keeps uploads in var/uploads by default', () => {
    const config = load({});
    expect(config.oauth).toEqual({ github: null, google: null, oidc: null, demo: false });
    expect(config.uploadDir).toBe(join(cwd, 'var/uploads'));
  });

  it('enables a provider only when both its client id and secret are set', () => {
    expect(load({ OAUTH_GITHUB_CLIENT_ID: 'id' }).oauth.github).toBeNull();
    expect(load({ OAUTH_GOOGLE_CLIENT_SECRET: 'secret' }).oauth.google).toBeNull();
    const config = load({ OAUTH_GITHUB_CLIENT_ID: 'gh', OAUTH_GITHUB_CLIENT_SECRET: 'ghs', OAUTH_GOOGLE_CLIENT_ID: 'g', OAUTH_GOOGLE_CLIENT_SECRET: 'gs' });
    expect(config.oauth.github).toEqual({ clientId: 'gh', clientSecret: 'ghs' });
    expect(config.oauth.google).toEqual({ clientId: 'g', clientSecret: 'gs' });
  });

  it('takes a generic OpenID Connect provider from its issuer, id and secret, named as told', () => {
    expect(load({ OIDC_ISSUER: 'https://id.example.com/' }).oauth.oidc).toBeNull();
    expect(load({ OIDC_ISSUER: 'https://id.example.com/', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' }).oauth.oidc).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'c',
      clientSecret: 's',
      name: 'OpenID Connect',
    });
    expect(load({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's', OIDC_NAME: 'Bank ID' }).oauth.oidc?.name).toBe('Bank ID');
    expect(() => load({ OIDC_ISSUER: 'not a url' })).toThrow(ConfigError);
  });

  it('starts the demo provider only outside production', () => {
    expect(load({ OAUTH_DEMO: '1' }).oauth.demo).toBe(true);
    expect(load({ OAUTH_DEMO: '1', NODE_ENV: 'production' }).oauth.demo).toBe(false);
  });

  it('resolves UPLOAD_DIR against the working directory', () => {
    expect(load({ UPLOAD_DIR: 'data/kyc' }).uploadDir).toBe(join(cwd, 'data/kyc'));
  });
});
