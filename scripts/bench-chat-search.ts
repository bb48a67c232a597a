/**
 * The staff's room search (`GET /api/admin/chat/rooms?search=`, the chat service's listRooms) at 100
 * and at 10,000 rooms, on SQLite and PostgreSQL: a name, an e-mail part, a rare term and a term
 * nobody matches. The growth from 100 to 10,000 rooms is the in-run baseline (an unindexed search
 * grows with the rooms). Printed by `npm run bench`; alone: `tsx scripts/bench-chat-search.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { startPostgres } from '../bench/postgres.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { connect } from '../server/db/connect.ts';
import { dialectOf } from '../server/db/dialect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';

const SIZES = [100, 10_000];
const RUNS = 50;
const GOAL_MS = 5;
const FIRST = ['Anna', 'Boris', 'Clara', 'Dmitri', 'Elena', 'Fedor', 'Galina', 'Igor', 'Olga', 'Pavel', 'Иван', 'Мария', 'Оксана', 'Тарас'];
const LAST = ['Ivanova', 'Petrov', 'Smirnova', 'Kuznetsov', 'Popova', 'Sokolov', 'Lebedeva', 'Kozlov', 'Шевченко', 'Бондаренко'];
const TERMS = ['petrov', 'clara smir', 'client-0042@', 'шевченко', 'nobody-matches'];
/** The list without a search, for comparison: the same 200 summaries a common term answers. */
const UNFILTERED = '';

function median(samples: number[]): number {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

async function searchOn(name: string, url: string, rooms: number): Promise<Record<string, number>> {
  const config = { ...loadConfig({ DATABASE_URL: url, APP_KEY: 'bench-app-key-not-secret-0123456789', LOG_LEVEL: 'silent', SEED_DEMO: '0' }) };
  const db = connect(config.database);
  const figures: Record<string, number> = {};
  try {
    await migrateToLatest(db);
    const postgres = dialectOf(db) === 'postgres';
    const app = await buildApp(config, { db, platformOptions: { feed: 'manual', backfillDays: 0 } });
    const now = new Date().toISOString();
    for (let i = 0; i < rooms; i += 500) {
      const batch = Array.from({ length: Math.min(500, rooms - i) }, (_, j) => {
        const n = i + j;
        return { first_name: FIRST[n % FIRST.length]!, second_name: LAST[(n * 7) % LAST.length]!, email: `client-${String(n).padStart(4, '0')}@bench.test`, password_hash: 'x', email_verified_at: now, pending_email: null, security_changed_at: null, last_seen_at: null, created_at: now, updated_at: now };
      });
      await db.insertInto('users').values(batch).execute();
    }
    await sql`insert into chat_rooms (user_id, name, agent_name, last_activity_at, created_at, updated_at) select id, first_name || ' ' || second_name, 'Support', created_at, created_at, created_at from users`.execute(db);
    await sql.raw(postgres ? 'vacuum analyze' : 'analyze').execute(db);
    const line: string[] = [];
    for (const term of TERMS) {
      for (let i = 0; i < 5; i++) await app.services.chat.listRooms(term);
      const samples: number[] = [];
      const cpu: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const used = process.cpuUsage();
        found = (await app.services.chat.listRooms(term)).length;
        const { user, system } = process.cpuUsage(used);
        samples.push(performance.now() - started);
        cpu.push((user + system) / 1000);
      }
      figures[term] = median(samples);
      // SQLite runs in this process: its CPU time is the search's whole cost, whatever the neighbours do.
      line.push(`"${term}" ${figures[term]!.toFixed(2)} ms${postgres ? '' : ` (CPU ${median(cpu).toFixed(2)})`} (${found})`);
    }
    const plain: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await app.services.chat.listRooms(UNFILTERED);
      plain.push(performance.now() - started);
    }
    console.log(`  ${name.padEnd(10)} ${rooms.toLocaleString('en-US').padStart(6)} rooms: ${line.join(', ')}; no search ${median(plain).toFixed(2)} ms`);
    await app.close();
  } finally {
    await db.destroy();
  }
  return figures;
}

export async function chatSearchBench(): Promise<void> {
  console.log(`\nStaff room search (listRooms, median of ${RUNS}; on SQLite the process's CPU time beside the wall time; the rooms found in brackets):`);
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-bench-search-'));
  const postgres = await startPostgres();
  try {
    for (const [name, urlOf] of [
      ['SQLite', async (size: number) => `sqlite:${join(dir, `search-${size}.sqlite`)}`],
      ...(postgres ? [['PostgreSQL', (size: number) => postgres.database(`bench_search_${size}`)] as const] : []),
    ] as const) {
      const bySize: Record<string, number>[] = [];
      for (const size of SIZES) bySize.push(await searchOn(name, await urlOf(size), size));
      const worst = Math.max(...Object.values(bySize.at(-1)!));
      const growth = Math.max(...TERMS.map((term) => bySize.at(-1)![term]! / bySize[0]![term]!));
      console.log(`  ${name}: slowest at ${SIZES.at(-1)!.toLocaleString('en-US')} rooms ${worst.toFixed(2)} ms (goal under ${GOAL_MS} ms: ${worst < GOAL_MS ? 'met' : 'NOT met'}), at most ${growth.toFixed(1)} times the time at ${SIZES[0]} rooms`);
    }
    if (!postgres) console.log('  PostgreSQL: none installed and no BENCH_DATABASE_URL: not measured.');
  } finally {
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await chatSearchBench();
