/**
 * The platform as the API serves it, measured at the server (Fastify inject, a real SQLite file,
 * the embedded platform with a manual feed): a market order and a demo deposit from request to
 * answer (p50/p95), and one reconciliation of N accounts. Printed by `npm run bench`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { connect } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';

const ORDERS = 200;
const DEPOSITS = 200;
const ACCOUNTS = 500;

function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms`;
}

export async function platformServicesBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-bench-'));
  const config = {
    ...loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`, APP_KEY: 'bench-app-key-not-secret-0123456789', LOG_LEVEL: 'silent', SEED_DEMO: '0', RECONCILE_INTERVAL_MINUTES: '0' }),
    passwordHashing: { memoryCost: 256, timeCost: 1, parallelism: 1 },
    maxTradingAccounts: ACCOUNTS,
  };
  const db = connect(config.database);
  try {
    await migrateToLatest(db);
    // A Tuesday morning: the markets are open whatever day the bench runs.
    const clock = () => new Date('2030-01-15T09:00:00.000Z');
    const app = await buildApp(config, { db, clock, platformOptions: { feed: 'manual', backfillDays: 0 } });
    const email = 'bench-platform@traderoom.test';
    await app.services.users.create({ first_name: 'Bench', second_name: 'Trader', email, password: 'bench-password', verified: true });
    const token = (await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'bench-password' } })).json<{ token: string }>().token;
    const headers = { authorization: `Bearer ${token}` };
    const account = (await app.inject({ method: 'POST', url: '/api/trading-account/create', payload: { currency_id: 1, type: 'demo' }, headers })).json<{ id: number; number: string }>();

    const deposits: number[] = [];
    for (let i = 0; i < DEPOSITS; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/wallet/deposit', payload: { account_id: account.id, amount: '50000' }, headers: { ...headers, 'idempotency-key': randomUUID() } });
      deposits.push(performance.now() - started);
      if (res.statusCode !== 201) throw new Error(`deposit: ${res.statusCode} ${res.body}`);
    }
    const orders: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/accounts/${account.number}/orders`,
        payload: { symbol: 'EURUSD', side: i % 2 ? 'sell' : 'buy', volume: 0.1 },
        headers: { ...headers, 'idempotency-key': randomUUID() },
      });
      orders.push(performance.now() - started);
      if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
    }
    console.log('\nThe platform through the API (SQLite, inject, embedded platform):');
    console.log(`  market order, request to answer (${ORDERS}): ${quantiles(orders)}`);
    console.log(`  demo deposit booked as a deal (${DEPOSITS}): ${quantiles(deposits)}`);

    for (let i = 1; i < ACCOUNTS; i++) {
      const opened = (await app.inject({ method: 'POST', url: '/api/trading-account/create', payload: { currency_id: 1, type: 'demo' }, headers })).json<{ id: number }>();
      await app.inject({ method: 'POST', url: '/api/wallet/deposit', payload: { account_id: opened.id, amount: '100' }, headers: { ...headers, 'idempotency-key': randomUUID() } });
    }
    const started = performance.now();
    const result = await app.services.reconciliation.run();
    console.log(`  reconciliation of ${result.accounts} accounts (one deposit each, ${DEPOSITS} on one): ${(performance.now() - started).toFixed(0)} ms, ${result.drifted.length} drifted`);
    await app.close();
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await platformServicesBench();
