/**
 * `npm run bench`: figures measured on a real build and a real server, printed, never asserted.
 * - JavaScript a first visit to /en/login downloads, gzipped (budget 120 KB), measured in Chromium.
 * - The Pusher protocol: presence of 1,000 members, HTTP API publish to 1,000 subscribers beside a
 *   bare ws fan-out (scripts/bench-realtime.ts; alone: `npm run bench:realtime`).
 * - The realtime hub: connections held, memory per connection, send-to-deliver latency (scripts/bench-hub.ts).
 * - History page time at the server with 1,000,000 ledger entries of one client, by keyset beside
 *   the offset pages, on SQLite and PostgreSQL (goal under 5 ms, any page; scripts/bench-history.ts).
 * - `GET /api/user` per CPU second beside a bare Fastify server doing the same two reads
 *   (bench/bare-fastify.ts; goal a ratio of at least 0.6; scripts/bench-api-user.ts).
 * - The staff room search at 100 and 10,000 rooms on both databases (scripts/bench-chat-search.ts).
 * - Chat on PostgreSQL: 200 rooms a message a second each for 30 s, at three pool sizes (scripts/bench-chat-load.ts).
 * - The embedded trading platform: the 30-day back-fill, ticks to 1,000 subscribers beside a bare
 *   `ws` fan-out, revaluing 10,000 positions on a tick (scripts/bench-platform.ts).
 * - The platform through the API: an order's and a deposit's time at the server, a reconciliation
 *   of 500 accounts (scripts/bench-platform-services.ts).
 * - Platform reservations (IPO holds): setting and ending one, an order beside ten (scripts/bench-reservations.ts).
 * - Copy trading: a strategy's order and close until every follower's copy is done at 0/1/10/50
 *   followers, the seed's history, the leaderboard cold and cached (scripts/bench-copy-trading.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { benchRealtime } from './bench-realtime.ts';
import { benchHub } from './bench-hub.ts';
import { historyBench } from './bench-history.ts';
import { apiUserBench } from './bench-api-user.ts';
import { chatSearchBench } from './bench-chat-search.ts';
import { chatLoadBench } from './bench-chat-load.ts';
import { platformBench } from './bench-platform.ts';
import { platformServicesBench } from './bench-platform-services.ts';
import { reservationsBench } from './bench-reservations.ts';
import { copyTradingBench } from './bench-copy-trading.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8124);
const BASE = `http://127.0.0.1:${PORT}`;
const LOGIN_BUDGET_KB = 120;

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function waitForServer(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

async function loginPageWeight(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  const styles = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) scripts.add(path);
    if (path.endsWith('.css')) styles.add(path);
  });
  await page.goto(`${BASE}/en/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  await browser.close();

  const gz = (path: string) => gzipSync(readFileSync(`dist${path}`), { level: 9 }).length;
  const rows = [...scripts].map((path) => ({ path, raw: readFileSync(`dist${path}`).length, gzip: gz(path) }));
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const css = [...styles].reduce((sum, path) => sum + gz(path), 0);
  console.log('\nFirst visit to /en/login (Chromium, built app):');
  for (const row of rows) console.log(`  ${row.path.padEnd(48)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(10)} gzip`);
  console.log(`  JavaScript: ${rows.length} files, ${kb(total)} gzipped (budget ${LOGIN_BUDGET_KB} KB: ${total / 1024 <= LOGIN_BUDGET_KB ? 'within' : 'OVER'})`);
  console.log(`  CSS: ${styles.size} files, ${kb(css)} gzipped (fonts excluded)`);
}

const build = spawnSync('npx', ['--no-install', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn('node_modules/.bin/tsx', ['tests/e2e/server.ts'], {
  // All 1,000 bench clients come from one address: lift the per-address cap for the measurement.
  env: { ...process.env, PORT: String(PORT), REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '2000' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitForServer(`${BASE}/api/health`);
  await loginPageWeight();
  await benchHub({ base: BASE, serverPid: server.pid! });
} finally {
  server.kill('SIGTERM');
}
await benchRealtime();
await historyBench();
await apiUserBench();
await chatSearchBench();
await chatLoadBench();
await platformBench();
await platformServicesBench();
await reservationsBench();
await copyTradingBench();
