/**
 * `npm run bench`: figures measured on a real build and a real server, printed, never asserted.
 * - JavaScript a first visit downloads, gzipped, on /en/login, /ru/login and /en/home signed in, and
 *   Lighthouse's mobile preset on /en/login and /en/home (scripts/bench-client.ts; goals from issue 16).
 * - The Pusher protocol: presence of 1,000 members, HTTP API publish to 1,000 subscribers beside a
 *   bare ws fan-out (scripts/bench-realtime.ts; alone: `npm run bench:realtime`).
 * - The realtime hub: connections held, memory per connection, send-to-deliver latency (scripts/bench-hub.ts).
 * - History page time at the server with 1,000,000 ledger entries of one client, by keyset beside
 *   the offset pages, on SQLite and PostgreSQL (goal under 5 ms, any page; scripts/bench-history.ts).
 * - `GET /api/user` per CPU second beside a bare Fastify server doing the same two reads
 *   (bench/bare-fastify.ts; goal a ratio of at least 0.6; scripts/bench-api-user.ts).
 * - `npm start`'s cold start to the first answer and its idle memory, beside a bare Node + Fastify
 *   start (goals under 1 s and 120 MB; scripts/bench-start.ts).
 * - The staff room search at 100 and 10,000 rooms on both databases (scripts/bench-chat-search.ts).
 * - Chat on PostgreSQL: 200 rooms a message a second each for 30 s, at three pool sizes (scripts/bench-chat-load.ts).
 * - The embedded trading platform: the 30-day back-fill, ticks to 1,000 subscribers beside a bare
 *   `ws` fan-out, revaluing 10,000 positions on a tick (scripts/bench-platform.ts).
 * - The platform through the API: an order's and a deposit's time at the server, a reconciliation
 *   of 500 accounts (scripts/bench-platform-services.ts).
 * - Platform reservations (IPO holds): setting and ending one, an order beside ten (scripts/bench-reservations.ts).
 * - Copy trading: a strategy's order and close until every follower's copy is done at 0/1/10/50
 *   followers, the seed's history, the leaderboard cold and cached (scripts/bench-copy-trading.ts).
 * - A partner's statistics with the daily series at 1,000 clients and 100,000 deals, on SQLite and
 *   PostgreSQL (scripts/bench-partners.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { clientBench } from './bench-client.ts';
import { benchRealtime } from './bench-realtime.ts';
import { benchHub } from './bench-hub.ts';
import { historyBench } from './bench-history.ts';
import { apiUserBench } from './bench-api-user.ts';
import { chatSearchBench } from './bench-chat-search.ts';
import { chatLoadBench } from './bench-chat-load.ts';
import { platformBench } from './bench-platform.ts';
import { platformServicesBench } from './bench-platform-services.ts';
import { reservationsBench } from './bench-reservations.ts';
import { startBench } from './bench-start.ts';
import { copyTradingBench } from './bench-copy-trading.ts';
import { partnersBench } from './bench-partners.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8124);
const BASE = `http://127.0.0.1:${PORT}`;

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

const build = spawnSync('npx', ['--no-install', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn('node_modules/.bin/tsx', ['tests/e2e/server.ts'], {
  // All 1,000 bench clients come from one address: lift the per-address cap for the measurement.
  env: { ...process.env, PORT: String(PORT), REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '2000' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitForServer(`${BASE}/api/health`);
  await clientBench(BASE);
  await benchHub({ base: BASE, serverPid: server.pid! });
} finally {
  server.kill('SIGTERM');
}
await benchRealtime();
await historyBench();
await apiUserBench();
await startBench();
await chatSearchBench();
await chatLoadBench();
await platformBench();
await platformServicesBench();
await reservationsBench();
await copyTradingBench();
await partnersBench();
