/**
 * `GET /api/user` with a bearer token: the app as `npm start` runs it (its own process, production,
 * the default log level) beside a bare Fastify server doing the same two reads on the same SQLite
 * file (bench/bare-fastify.ts), one after the other in the same run; the ratio is the figure (goal
 * at least 0.6). Counted per CPU second of the server process (/proc), which is its requests per
 * second on one free core: on a shared machine the wall-clock rate measures the neighbours and
 * the load generator more than the server (it is printed beside). Printed by `npm run bench`;
 * alone: `tsx scripts/bench-api-user.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from '../bench/load.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { connect } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';

const APP_PORT = Number(process.env.BENCH_USER_PORT ?? 8131);
const BARE_PORT = APP_PORT + 1;
const GOAL = 0.6;

/** CPU seconds (user + system) the process has used: /proc/<pid>/stat, in clock ticks of 1/100 s. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function started(child: ChildProcess, url: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        if ((await fetch(url, { headers })).status === 200) return resolve();
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null || Date.now() > deadline) return reject(new Error(`${url} did not answer`));
      setTimeout(poll, 200);
    };
    void poll();
  });
}

export async function apiUserBench(): Promise<{ app: number; bare: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-bench-user-'));
  const file = join(dir, 'bench.sqlite');
  const env = { DATABASE_URL: `sqlite:${file}`, APP_KEY: 'bench-app-key-not-secret-0123456789', SEED_DEMO: '0', SKIP_BUILD: '1', RECONCILE_INTERVAL_MINUTES: '0' };
  const children: ChildProcess[] = [];
  try {
    const config = { ...loadConfig({ ...env, LOG_LEVEL: 'silent' }), passwordHashing: { memoryCost: 256, timeCost: 1, parallelism: 1 } };
    const db = connect(config.database);
    await migrateToLatest(db);
    const setup = await buildApp(config, { db, platformOptions: { feed: 'manual', backfillDays: 0 } });
    const email = 'bench-user@traderoom.test';
    await setup.services.users.create({ first_name: 'Bench', second_name: 'User', email, password: 'bench-password', verified: true });
    const { token } = (await setup.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'bench-password', remember: true } })).json<{ token: string }>();
    await setup.close();
    await db.destroy();
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };

    const measure = async (label: string, command: string[], port: number, extraEnv: Record<string, string> = {}) => {
      const child = spawn(command[0]!, command.slice(1), { env: { ...process.env, ...env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
      children.push(child);
      await started(child, `http://127.0.0.1:${port}/api/user`, headers);
      await load(`http://127.0.0.1:${port}/api/user`, headers, { seconds: 1, warmupSeconds: 1 });
      const cpuBefore = cpuSeconds(child.pid!);
      const result = await load(`http://127.0.0.1:${port}/api/user`, headers, { warmupSeconds: 0 });
      const perCpuSecond = result.done / (cpuSeconds(child.pid!) - cpuBefore);
      child.kill('SIGTERM');
      console.log(
        `  ${label.padEnd(62)} ${Math.round(perCpuSecond).toLocaleString('en-US').padStart(7)} requests per CPU second` +
          ` (${Math.round(result.perSecond).toLocaleString('en-US')}/s wall${result.failed ? `, ${result.failed} failed` : ''})`,
      );
      return perCpuSecond;
    };
    console.log('\nGET /api/user with a token, 16 keep-alive connections, 4 s each (SQLite):');
    // Alternated, twice each, the better of each kept: a neighbour's burst on this shared machine hits one run, not both.
    let bare = 0;
    let app = 0;
    for (let round = 0; round < 2; round++) {
      bare = Math.max(bare, await measure('bare Fastify, the same two reads (bench/)', ['node', '--import', 'tsx', 'bench/bare-fastify.ts', file, String(BARE_PORT)], BARE_PORT));
      app = Math.max(app, await measure('the app (server/main.ts, production, LOG_LEVEL=info)', ['node', '--import', 'tsx', 'server/main.ts'], APP_PORT, { NODE_ENV: 'production' }));
    }
    const ratio = app / bare;
    console.log(`  ratio ${ratio.toFixed(2)} (goal at least ${GOAL}: ${ratio >= GOAL ? 'met' : 'NOT met'})`);
    return { app, bare };
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await apiUserBench();
