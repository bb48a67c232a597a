import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { createPlatform } from '../../../server/platform/index.ts';
import { testConfig } from '../support.ts';

const KEY = { APP_KEY: 'platform-config-test-key-0123456789abcdef' };

describe('the platform configuration', () => {
  it('defaults to the embedded platform with a fixed seed, a few ticks a second and the usual levels', () => {
    expect(loadConfig(KEY).platform).toEqual({ name: 'embedded', seed: 20_260_101, tickMs: 400, marginCallLevel: 100, stopOutLevel: 50, quoteMaxAgeSeconds: 10 });
    expect(
      loadConfig({ ...KEY, PLATFORM_SEED: '7', PLATFORM_TICK_MS: '250', MARGIN_CALL_LEVEL: '120', STOP_OUT_LEVEL: '30', PLATFORM_QUOTE_MAX_AGE_SECONDS: '30' }).platform,
    ).toEqual({
      name: 'embedded',
      seed: 7,
      tickMs: 250,
      marginCallLevel: 120,
      stopOutLevel: 30,
      quoteMaxAgeSeconds: 30,
    });
  });

  it('stops start-up on a platform that is not built, naming where the others are mapped', () => {
    expect(() => loadConfig({ ...KEY, PLATFORM: 'mt5' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...KEY, PLATFORM: 'mt5' })).toThrow(/PLATFORM: .*docs\/platforms\.md/);
    const config = testConfig('sqlite::memory:');
    expect(() => createPlatform({ config: { ...config, platform: { ...config.platform, name: 'ctrader' as 'embedded' } }, db: null as never })).toThrow(
      /PLATFORM=ctrader.*docs\/platforms\.md/,
    );
  });

  it('refuses a stop-out level at or above the margin-call level', () => {
    expect(() => loadConfig({ ...KEY, MARGIN_CALL_LEVEL: '50', STOP_OUT_LEVEL: '50' })).toThrow(/STOP_OUT_LEVEL: must be below MARGIN_CALL_LEVEL/);
  });
});
