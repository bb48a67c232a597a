/**
 * Copy trading (docs/adr/0093), for `npm run bench` (figures printed, never asserted), at the
 * server on SQLite with the embedded platform's manual feed: a strategy's order until every
 * follower's copy is placed, beside the same order with no follower (the baseline), at 1, 10 and 50
 * followers; the same for the close; and the leaderboard of the seeded strategies, cold and cached.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { connect } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedInvesting } from '../server/db/seed-investing.ts';

const ROUNDS = 20;
const PASSWORD = 'bench-password';

function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`;
}

async function client(app: FastifyInstance, label: string, deposit: string) {
  const email = `bench-${label}-${randomUUID().slice(0, 8)}@traderoom.test`;
  await app.services.users.create({ first_name: 'Bench', second_name: label, email, password: PASSWORD, verified: true });
  const token = (await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } })).json<{ token: string }>().token;
  const headers = { authorization: `Bearer ${token}` };
  const account = (await app.inject({ method: 'POST', url: '/api/trading-account/create', payload: { currency_id: 1, type: 'demo' }, headers })).json<{ id: number; number: string }>();
  await app.inject({ method: 'POST', url: '/api/wallet/deposit', payload: { account_id: account.id, amount: deposit }, headers: { ...headers, 'idempotency-key': randomUUID() } });
  return { headers, account };
}

export async function copyTradingBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-bench-copy-'));
  const config = {
    ...loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`, APP_KEY: 'bench-app-key-not-secret-0123456789', LOG_LEVEL: 'silent', SEED_DEMO: '0', RECONCILE_INTERVAL_MINUTES: '0' }),
    passwordHashing: { memoryCost: 256, timeCost: 1, parallelism: 1 },
  };
  const db = connect(config.database);
  try {
    await migrateToLatest(db);
    // A Tuesday morning: the markets are open whatever day the bench runs.
    const clock = () => new Date('2030-01-15T09:00:00.000Z');
    const app = await buildApp(config, { db, clock, platformOptions: { feed: 'manual', backfillDays: 0 } });
    const { investing } = app.services;
    console.log('\nCopy trading (SQLite, inject, embedded platform):');

    let started = performance.now();
    await seedInvesting(db, app.services.users, clock(), app.services.platform, PASSWORD);
    console.log(`  seeding the three demo strategies with their history: ${(performance.now() - started).toFixed(0)} ms`);
    const reader = await client(app, 'reader', '100');
    started = performance.now();
    await app.inject({ method: 'GET', url: '/api/investing/strategies', headers: reader.headers });
    const cold = performance.now() - started;
    const warm: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      started = performance.now();
      await app.inject({ method: 'GET', url: '/api/investing/strategies', headers: reader.headers });
      warm.push(performance.now() - started);
    }
    console.log(`  leaderboard of the seeded strategies: cold ${cold.toFixed(1)} ms; cached figures ${quantiles(warm)}`);

    const provider = await client(app, 'provider', '1000000');
    const offered = await app.inject({
      method: 'POST',
      url: '/api/investing/my-strategies',
      headers: provider.headers,
      payload: { account_id: provider.account.id, name: 'Bench', descriptions: { en: 'Bench' }, performance_fee_percent: 20, management_fee_percent: 1, min_investment: '0', visibility: 'public' },
    });
    const strategyId = offered.json<{ id: number }>().id;
    let followers = 0;
    for (const target of [0, 1, 10, 50]) {
      while (followers < target) {
        const f = await client(app, `f${followers}`, '2000');
        const res = await app.inject({
          method: 'POST',
          url: `/api/investing/strategies/${strategyId}/subscriptions`,
          payload: { account_id: f.account.id, amount: '1000' },
          headers: { ...f.headers, 'idempotency-key': randomUUID() },
        });
        if (res.statusCode !== 201) throw new Error(`follow: ${res.statusCode} ${res.body}`);
        followers++;
      }
      const opens: number[] = [];
      const closes: number[] = [];
      for (let i = 0; i < 5; i++) {
        started = performance.now();
        const order = await app.inject({
          method: 'POST',
          url: `/api/accounts/${provider.account.number}/orders`,
          payload: { symbol: 'EURUSD', side: 'buy', volume: 1 },
          headers: { ...provider.headers, 'idempotency-key': randomUUID() },
        });
        await investing.copier.idle();
        opens.push(performance.now() - started);
        const ticket = order.json<{ position: { ticket: number } }>().position.ticket;
        started = performance.now();
        await app.inject({ method: 'POST', url: `/api/accounts/${provider.account.number}/positions/${ticket}/close`, headers: provider.headers });
        await investing.copier.idle();
        closes.push(performance.now() - started);
      }
      console.log(`  ${String(target).padStart(2)} followers: order until every copy is placed ${quantiles(opens)}; close until every copy is closed ${quantiles(closes)}`);
    }
    await app.close();
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await copyTradingBench();
