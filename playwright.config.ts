import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8123);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
/** Where the test server's SMTP sink files received mail; the specs (workers inherit it) read it there. */
process.env.E2E_MAILBOX ??= join(tmpdir(), `traderoom-e2e-mailbox-${PORT}`);

/** Debian's Chromium, started as this machine allows (root, no GPU, no background networking). */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests',
  // Browser specs: the hand-written ones and the app model's generated paths (tests/server is vitest's).
  testMatch: /(e2e|model)\/.+\.spec\.ts$/,
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  // A whole scenario (two people, two sign-ins with argon2id, several screens) takes 28-46 s on a
  // loaded 2-core machine; each wait inside it still gives up after the expect timeout.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    command: 'node_modules/.bin/tsx tests/e2e/server.ts',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), E2E_MAILBOX: process.env.E2E_MAILBOX },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
