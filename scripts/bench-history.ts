/**
 * History page time with 100,000 ledger entries for one client, measured at the server
 * (Fastify inject, real SQLite file, the app's own migrations and indexes). Printed by `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { connect } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import type { LedgerKind } from '../contract/trading.ts';
import { recomputeBalance } from '../server/services/balances.ts';

const ENTRIES = 100_000;
const RUNS = 200;
const GOAL_MS = 5;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

export async function historyBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-bench-'));
  const url = `sqlite:${join(dir, 'bench.sqlite')}`;
  const config = { ...loadConfig({ DATABASE_URL: url, APP_KEY: 'bench-app-key-not-secret-0123456789', LOG_LEVEL: 'silent', SEED_DEMO: '0' }), passwordHashing: { memoryCost: 256, timeCost: 1, parallelism: 1 } };
  const db = connect(config.database);
  try {
    await migrateToLatest(db);
    const app = await buildApp(config, { db, platformOptions: { feed: 'manual', backfillDays: 0 } });
    const email = 'bench@traderoom.test';
    await app.services.users.create({ first_name: 'Bench', second_name: 'Client', email, password: 'bench-password', verified: true });
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'bench-password' } });
    if (login.statusCode !== 200) throw new Error(`bench sign-in failed: ${login.statusCode} ${login.body}`);
    const token = login.json<{ token: string }>().token;
    const headers = { authorization: `Bearer ${token}` };
    const open = async (currency_id: number) =>
      (await app.inject({ method: 'POST', url: '/api/trading-account/create', payload: { currency_id, type: 'demo' }, headers })).json<{ id: number }>().id;
    const accounts = [await open(1), await open(1), await open(2)];
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();

    const started = performance.now();
    const kinds: LedgerKind[] = ['deposit', 'withdrawal', 'transfer_in', 'transfer_out'];
    const t0 = Date.parse('2024-01-01T00:00:00.000Z');
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < ENTRIES; i += 500) {
        const rows = Array.from({ length: Math.min(500, ENTRIES - i) }, (_, j) => {
          const n = i + j;
          const kind = kinds[n % 4]!;
          const time = new Date(t0 + n * 60_000).toISOString();
          const account = accounts[n % 3]!;
          return {
            user_id: user.id,
            account_id: account,
            kind,
            amount: kind === 'deposit' || kind === 'transfer_in' ? 10_000 + (n % 97) : -(1_000 + (n % 89)),
            currency_id: account === accounts[2] ? 2 : 1,
            status: 'completed' as const,
            reference: `BEN-${String(n).padStart(10, '0')}`,
            counterparty_account_id: null,
            created_at: time,
            decided_at: time,
            decided_by: null,
          };
        });
        await trx.insertInto('ledger_entries').values(rows).execute();
      }
      for (const account of accounts) await recomputeBalance(trx, account, new Date().toISOString());
    });
    const seeded = performance.now() - started;

    const measure = async (label: string, url: string) => {
      for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url, headers });
      const samples: number[] = [];
      let status = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        samples.push(performance.now() - t);
        status = res.statusCode;
      }
      const { median, p95 } = stats(samples);
      console.log(`  ${label.padEnd(44)} median ${median.toFixed(2).padStart(6)} ms  p95 ${p95.toFixed(2).padStart(6)} ms  ${status === 200 ? '' : `(status ${status})`}`);
      return median;
    };

    console.log(`\nHistory at the server, ${ENTRIES.toLocaleString('en-US')} ledger entries of one client (SQLite, ${RUNS} requests each, seeded in ${(seeded / 1000).toFixed(1)} s):`);
    const first = await measure('GET /api/history (page 1 of 50)', '/api/history?per_page=50');
    await measure('  filtered by account and kind', `/api/history?per_page=50&account_id=${accounts[0]}&kind=deposit`);
    await measure('  filtered by date range', '/api/history?per_page=50&from=2024-02-01&to=2024-02-10');
    await measure('  page 1,000 (offset 49,950)', '/api/history?per_page=50&page=1000');
    await measure('GET /api/trading-account (3 accounts)', '/api/trading-account');
    await measure('GET balance-history (1 year, daily)', `/api/trading-account/${accounts[0]}/balance-history?range=1y`);
    const exportStart = performance.now();
    const csv = await app.inject({ method: 'GET', url: '/api/history/export', headers });
    console.log(`  GET /api/history/export (all ${ENTRIES.toLocaleString('en-US')} rows)        ${(performance.now() - exportStart).toFixed(0)} ms, ${(csv.body.length / 1024 / 1024).toFixed(1)} MB`);
    console.log(`  Page of 50: ${first.toFixed(2)} ms median (goal under ${GOAL_MS} ms: ${first < GOAL_MS ? 'met' : 'NOT met'})`);
    await app.close();
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await historyBench();
