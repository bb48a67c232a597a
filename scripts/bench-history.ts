/**
 * History page time with 1,000,000 ledger entries of one client (BENCH_HISTORY_ENTRIES), measured at
 * the server (Fastify inject, the app's own migrations and indexes) on SQLite and on PostgreSQL, by
 * keyset (`?cursor=`) beside the offset pages (`?page=`) of the same run. Printed by `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { HistoryPage } from '../contract/trading.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { connect } from '../server/db/connect.ts';
import { dialectOf } from '../server/db/dialect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { startPostgres } from '../bench/postgres.ts';

const ENTRIES = Number(process.env.BENCH_HISTORY_ENTRIES ?? 1_000_000);
const RUNS = 100;
const GOAL_MS = 5;
const PER_PAGE = 50;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

/** Server-side seeding (one statement): a recursive CTE on SQLite, generate_series on PostgreSQL. */
function seedSql(postgres: boolean, userId: number, accounts: number[]) {
  const t0 = Date.parse('2024-01-01T00:00:00.000Z') / 1000;
  const [a0, a1, a2] = accounts;
  const columns = `
    ${userId},
    case i % 3 when 0 then ${a0} when 1 then ${a1} else ${a2} end,
    case i % 4 when 0 then 'deposit' when 1 then 'withdrawal' when 2 then 'transfer_in' else 'transfer_out' end,
    case when i % 4 in (0, 2) then 10000 + i % 97 else -(1000 + i % 89) end,
    case i % 3 when 2 then 2 else 1 end,
    case when i % 100 = 0 then 'pending' when i % 200 = 1 then 'rejected' else 'completed' end,
    'BEN-' || i,
    ${postgres ? `to_char(to_timestamp(${t0} + i * 60) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `strftime('%Y-%m-%dT%H:%M:%fZ', ${t0} + i * 60, 'unixepoch')`}`;
  const into = 'insert into ledger_entries (user_id, account_id, kind, amount, currency_id, status, reference, created_at)';
  return postgres
    ? `${into} select ${columns} from generate_series(0, ${ENTRIES - 1}) as i`
    : `with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${ENTRIES}) ${into} select ${columns} from n`;
}

export async function historyOn(name: string, databaseUrl: string): Promise<Record<string, number>> {
  const config = { ...loadConfig({ DATABASE_URL: databaseUrl, APP_KEY: 'bench-app-key-not-secret-0123456789', LOG_LEVEL: 'silent', SEED_DEMO: '0' }), passwordHashing: { memoryCost: 256, timeCost: 1, parallelism: 1 } };
  const db = connect(config.database);
  const figures: Record<string, number> = {};
  try {
    await migrateToLatest(db);
    const postgres = dialectOf(db) === 'postgres';
    const app = await buildApp(config, { db, platformOptions: { feed: 'manual', backfillDays: 0 } });
    const email = 'bench@traderoom.test';
    await app.services.users.create({ first_name: 'Bench', second_name: 'Client', email, password: 'bench-password', verified: true });
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'bench-password' } });
    if (login.statusCode !== 200) throw new Error(`bench sign-in failed: ${login.statusCode} ${login.body}`);
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const open = async (currency_id: number) =>
      (await app.inject({ method: 'POST', url: '/api/trading-account/create', payload: { currency_id, type: 'demo' }, headers })).json<{ id: number }>().id;
    const accounts = [await open(1), await open(1), await open(2)];
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();

    const started = performance.now();
    await sql.raw(seedSql(postgres, user.id, accounts)).execute(db);
    // What a database that has been running has: statistics (PostgreSQL's autovacuum, SQLite's `optimize`).
    await sql.raw(postgres ? 'vacuum analyze' : 'analyze').execute(db);
    const seeded = performance.now() - started;

    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json<HistoryPage>();
    };
    const measure = async (label: string, url: string) => {
      for (let i = 0; i < 10; i++) await get(url);
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await get(url);
        samples.push(performance.now() - t);
      }
      const { median, p95 } = stats(samples);
      console.log(`  ${label.padEnd(58)} median ${median.toFixed(2).padStart(7)} ms  p95 ${p95.toFixed(2).padStart(7)} ms`);
      figures[label] = median;
      return median;
    };
    /** The token of the page in the middle of a filter's entries, as the pager would reach it. */
    const middleOf = async (filter: string) => {
      const first = await get(`/api/history?per_page=${PER_PAGE}${filter}`);
      const middle = Math.max(1, Math.floor(first.meta.last_page / 2));
      const page = await get(`/api/history?per_page=${PER_PAGE}${filter}&page=${middle}`);
      return { cursor: page.cursors.next, middle, total: first.meta.total };
    };

    console.log(`\nHistory at the server, ${ENTRIES.toLocaleString('en-US')} ledger entries of one client (${name}, ${RUNS} requests each, seeded in ${(seeded / 1000).toFixed(1)} s):`);
    const half = Math.floor(ENTRIES / PER_PAGE / 2);
    await measure(`before: ?page=1 (offset 0)`, `/api/history?per_page=${PER_PAGE}`);
    await measure(`before: ?page=${half.toLocaleString('en-US')} (offset ${(half * PER_PAGE).toLocaleString('en-US')})`, `/api/history?per_page=${PER_PAGE}&page=${half}`);
    let worst = 0;
    const filters: [string, string][] = [
      ['no filter', ''],
      ['account', `&account_id=${accounts[0]}`],
      ['kind', '&kind=deposit'],
      ['status (pending, 1 in 100)', '&status=pending'],
      ['10 days', '&from=2024-02-01&to=2024-02-10'],
      ['account + kind + status', `&account_id=${accounts[1]}&kind=withdrawal&status=completed`],
    ];
    for (const [label, filter] of filters) {
      const { cursor, middle, total } = await middleOf(filter);
      worst = Math.max(worst, await measure(`keyset, ${label}: first page`, `/api/history?per_page=${PER_PAGE}${filter}`));
      if (cursor) {
        worst = Math.max(worst, await measure(`keyset, ${label}: page ${(middle + 1).toLocaleString('en-US')} of ${Math.ceil(total / PER_PAGE).toLocaleString('en-US')} (next)`, `/api/history?per_page=${PER_PAGE}${filter}&cursor=${cursor}`));
        const back = (await get(`/api/history?per_page=${PER_PAGE}${filter}&cursor=${cursor}`)).cursors.previous;
        if (back) worst = Math.max(worst, await measure(`keyset, ${label}: page ${middle.toLocaleString('en-US')} (previous)`, `/api/history?per_page=${PER_PAGE}${filter}&cursor=${back}`));
      }
    }
    // The total is counted once per filter and version: what the first page after a write costs.
    const recounts: number[] = [];
    for (let i = 0; i < 5; i++) {
      await db.updateTable('ledger_entries').set({ reason: null }).where('reference', '=', 'BEN-1').execute();
      const t = performance.now();
      await get(`/api/history?per_page=${PER_PAGE}`);
      recounts.push(performance.now() - t);
    }
    figures.recount = stats(recounts).median;
    console.log(`  first page after a write (totals kept by the triggers)          median ${figures.recount.toFixed(2).padStart(7)} ms`);
    figures.worst = worst;
    console.log(`  Any page by keyset: at most ${worst.toFixed(2)} ms median (goal under ${GOAL_MS} ms: ${worst < GOAL_MS ? 'met' : 'NOT met'})`);
    await app.close();
    Object.assign(figures, await statementReuse(config, headers, [
      `/api/history?per_page=${PER_PAGE}`,
      `/api/history?per_page=${PER_PAGE}&account_id=${accounts[1]}&kind=withdrawal&status=completed`,
    ]));
  } finally {
    await db.destroy();
  }
  return figures;
}

/**
 * The same pages from an app whose statements are prepared once per connection (as `npm start`
 * runs) and from one that parses and plans every statement again (the baseline), on the same
 * database, request for request in turns, so the machine's load falls on both alike.
 */
async function statementReuse(config: ReturnType<typeof loadConfig>, headers: Record<string, string>, urls: string[]): Promise<Record<string, number>> {
  const sides = await Promise.all(
    [true, false].map(async (reuseStatements) => {
      const db = connect(config.database, { reuseStatements });
      return { db, app: await buildApp(config, { db, platformOptions: { feed: 'manual', backfillDays: 0 } }), samples: [] as number[] };
    }),
  );
  const figures: Record<string, number> = {};
  try {
    for (const url of urls) {
      for (const side of sides) side.samples = [];
      for (let i = 0; i < RUNS + 10; i++) {
        for (const side of sides) {
          const t = performance.now();
          const res = await side.app.inject({ method: 'GET', url, headers });
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
          if (i >= 10) side.samples.push(performance.now() - t);
        }
      }
      const [kept, again] = sides.map((side) => stats(side.samples).median) as [number, number];
      console.log(`  ${url.replace(/^\/api\/history\?per_page=\d+&?/, '') || 'no filter'}: statements kept ${kept.toFixed(2)} ms, prepared every time ${again.toFixed(2)} ms (median, in turns)`);
      figures[`kept ${url}`] = kept;
      figures[`again ${url}`] = again;
    }
  } finally {
    for (const side of sides) {
      await side.app.close();
      await side.db.destroy();
    }
  }
  return figures;
}

export async function historyBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-bench-'));
  try {
    await historyOn('SQLite', `sqlite:${join(dir, 'bench.sqlite')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const postgres = await startPostgres();
  if (!postgres) {
    console.log('\nHistory on PostgreSQL: no PostgreSQL installed (/usr/lib/postgresql) and no BENCH_DATABASE_URL: not measured.');
    return;
  }
  try {
    await historyOn('PostgreSQL', await postgres.database('bench_history'));
  } finally {
    await postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await historyBench();
