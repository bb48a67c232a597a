/**
 * A partner's statistics (`GET /api/partner/stats?period=30d`, the report service's stats) with
 * 1,000 attributed clients, each with a live account, 100 deals over the last 30 days (100,000 in
 * all) and a reward line per deal, on SQLite and PostgreSQL: the call's time at the server,
 * median of RUNS. The same script runs on an older checkout (no daily series, lots from the reward
 * lines) for the before figure. Printed by `npm run bench`; alone: `tsx scripts/bench-partners.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { startPostgres } from '../bench/postgres.ts';
import type { TradingSymbol } from '../contract/platform.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { connect } from '../server/db/connect.ts';
import { dialectOf } from '../server/db/dialect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import type { PlatformDb } from '../server/platform/embedded/tables.ts';

const CLIENTS = 1_000;
const DEALS_PER_CLIENT = 100;
const RUNS = 20;
const DAY_MS = 86_400_000;
const SYMBOLS: TradingSymbol[] = ['EURUSD', 'XAUUSD', 'BTCUSD', 'US500'];

function median(samples: number[]): number {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

async function statsOn(name: string, url: string): Promise<void> {
  const config = { ...loadConfig({ DATABASE_URL: url, APP_KEY: 'bench-app-key-not-secret-0123456789', LOG_LEVEL: 'silent', SEED_DEMO: '0' }) };
  const db = connect(config.database);
  try {
    await migrateToLatest(db);
    const postgres = dialectOf(db) === 'postgres';
    // The embedded platform's tables live in the same database, typed apart.
    const platformDb = db as unknown as PlatformDb;
    const app = await buildApp(config, { db, platformOptions: { feed: 'manual', backfillDays: 0 } });
    const now = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();
    const usd = await db.selectFrom('currencies').select('id').where('code', '=', 'USD').executeTakeFirstOrThrow();
    const user = (email: string, n: number) => ({ first_name: 'Client', second_name: String(n), email, password_hash: 'x', email_verified_at: at(now), pending_email: null, security_changed_at: null, last_seen_at: null, created_at: at(now - 40 * DAY_MS), updated_at: at(now) });
    const { id: partnerUser } = await db.insertInto('users').values(user('partner@bench.test', 0)).returning('id').executeTakeFirstOrThrow();
    const partner = await app.services.partners.makePartner(partnerUser, partnerUser);
    await db.updateTable('partners').set({ created_at: at(now - 40 * DAY_MS) }).where('id', '=', partner.id).execute();
    const { id: linkId } = await db.insertInto('partner_links').values({ partner_id: partner.id, code: 'benchlink', campaign: 'Bench', created_at: at(now - 40 * DAY_MS) }).returning('id').executeTakeFirstOrThrow();
    const plan = await db.selectFrom('partner_plans').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow();

    for (let i = 0; i < CLIENTS; i += 250) {
      const batch = Array.from({ length: Math.min(250, CLIENTS - i) }, (_, j) => user(`client-${i + j}@bench.test`, i + j));
      const ids = await db.insertInto('users').values(batch).returning('id').execute();
      for (const [j, { id }] of ids.entries()) {
        const n = i + j;
        const registered = at(now - 35 * DAY_MS + n * 60_000);
        const { id: clickId } = await db.insertInto('partner_clicks').values({ link_id: linkId, token: `bench-click-${n}`, ip: null, user_agent: null, created_at: registered }).returning('id').executeTakeFirstOrThrow();
        await db.insertInto('partner_attributions').values({ user_id: id, partner_id: partner.id, link_id: linkId, click_id: clickId, state: 'counted', created_at: registered }).execute();
        const login = String(70_000_000 + n);
        await db.insertInto('trading_accounts').values({ user_id: id, number: login, type: 'live', currency_id: usd.id, leverage: 100, status: 'active', nickname: null, created_at: registered, updated_at: registered }).execute();
        await platformDb.insertInto('platform_accounts').values({ login, grp: 'live', currency: 'USD', precision: 2, leverage: 100, name: `Client ${n}`, balance: 500_000, status: 'active', master_hash: null, investor_hash: null, created_at: registered, updated_at: registered }).execute();
        const deals = Array.from({ length: DEALS_PER_CLIENT }, (_, k) => ({
          login,
          time: at(now - ((k * 30 * DAY_MS) / DEALS_PER_CLIENT + (n % 1000) * 1000)),
          kind: k % 2 === 0 ? ('buy' as const) : ('sell' as const),
          entry: k % 2 === 0 ? ('in' as const) : ('out' as const),
          reason: 'client' as const,
          symbol: SYMBOLS[k % SYMBOLS.length]!,
          volume: 0.1,
          price: 1,
          position_ticket: null,
          profit: 0,
          comment: '',
          reference: null,
        }));
        const tickets = await platformDb.insertInto('platform_deals').values(deals).returning(['ticket', 'time', 'symbol']).execute();
        await db
          .insertInto('partner_rewards')
          .values(
            tickets.map((d) => ({
              partner_id: partner.id,
              level: 1,
              kind: 'lot' as const,
              source_type: 'deal' as const,
              source_key: `${login}:${d.ticket}`,
              client_user_id: id,
              plan_id: plan.id,
              rate: 500,
              inputs: '{}',
              volume: 0.1,
              amount: 50,
              currency_id: usd.id,
              parent_reward_id: null,
              source_at: d.time,
              created_at: d.time,
            })),
          )
          .execute();
      }
    }
    await sql.raw(postgres ? 'vacuum analyze' : 'analyze').execute(db);
    const stats = () => app.services.partners.reports.stats(partner.id, '30d');
    for (let i = 0; i < 3; i++) await stats();
    const samples: number[] = [];
    let last: Awaited<ReturnType<typeof stats>> | null = null;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      last = await stats();
      samples.push(performance.now() - started);
    }
    const days = (last as { daily?: unknown[] } | null)?.daily?.length ?? 'no';
    console.log(`  ${name.padEnd(10)} ${median(samples).toFixed(1)} ms (min ${Math.min(...samples).toFixed(1)}, max ${Math.max(...samples).toFixed(1)}); ${days} days in the series, ${last!.totals.volume_lots} lots, ${last!.totals.registrations} registrations in the period`);
    await app.close();
  } finally {
    await db.destroy();
  }
}

export async function partnersBench(): Promise<void> {
  console.log(`\nPartner statistics, 30 days (reports.stats, median of ${RUNS}; ${CLIENTS.toLocaleString('en-US')} clients, ${(CLIENTS * DEALS_PER_CLIENT).toLocaleString('en-US')} deals and reward lines):`);
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-bench-partners-'));
  const postgres = await startPostgres();
  try {
    await statsOn('SQLite', `sqlite:${join(dir, 'partners.sqlite')}`);
    if (postgres && !process.env.BENCH_SQLITE_ONLY) await statsOn('PostgreSQL', await postgres.database('bench_partners'));
    else console.log('  PostgreSQL: none installed and no BENCH_DATABASE_URL: not measured.');
  } finally {
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await partnersBench();
