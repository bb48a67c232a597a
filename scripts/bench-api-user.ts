/**
 * `GET /api/user` with a bearer token: the app as `npm start` runs it (its own process, production,
 * the default log level) beside a bare Fastify server doing the same two reads on the same SQLite
 * file (bench/bare-fastify.ts), one after the other in the same run; the ratio is the figure (goal
 * at least 0.6). Counted per CPU second of the server process (/proc), which is its requests per
 * second on one free core: on a shared machine the wall-clock rate measures the neighbours and
 * the load generator more than the server (it is printed beside). The app runs as `npm start`
 * runs it (dist-server/main.mjs, compiled first when stale). Both servers run at once and take the
 * load in alternating one-second slices, summed: a neighbour's burst on this shared machine lands
 * on both, not on one of two back-to-back runs. Printed by `npm run bench`; alone: `tsx scripts/bench-api-user.ts`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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
const SLICES = 12;

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

    const serve = async (command: string[], port: number, extraEnv: Record<string, string> = {}) => {
      const child = spawn(command[0]!, command.slice(1), { env: { ...process.env, ...env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
      children.push(child);
      await started(child, `http://127.0.0.1:${port}/api/user`, headers);
      await load(`http://127.0.0.1:${port}/api/user`, headers, { seconds: 1, warmupSeconds: 1 });
      return { child, url: `http://127.0.0.1:${port}/api/user`, done: 0, cpu: 0, wall: 0, failed: 0 };
    };
    const compiled = spawnSync('node', ['scripts/start.mjs', '--compile'], { stdio: 'inherit' });
    if (compiled.status !== 0) throw new Error('the server did not compile');
    const servers = {
      bare: await serve(['node', '--import', 'tsx', 'bench/bare-fastify.ts', file, String(BARE_PORT)], BARE_PORT),
      app: await serve(['node', 'dist-server/main.mjs'], APP_PORT, { NODE_ENV: 'production' }),
    };
    for (let slice = 0; slice < SLICES; slice++) {
      for (const server of Object.values(servers)) {
        const cpuBefore = cpuSeconds(server.child.pid!);
        const result = await load(server.url, headers, { seconds: 1, warmupSeconds: 0 });
        server.cpu += cpuSeconds(server.child.pid!) - cpuBefore;
        server.done += result.done;
        server.wall += result.perSecond / SLICES;
        server.failed += result.failed;
      }
    }
    const print = (label: string, server: (typeof servers)['app']) =>
      console.log(
        `  ${label.padEnd(62)} ${Math.round(server.done / server.cpu).toLocaleString('en-US').padStart(7)} requests per CPU second` +
          ` (${Math.round(server.wall).toLocaleString('en-US')}/s wall${server.failed ? `, ${server.failed} failed` : ''})`,
      );
    console.log(`\nGET /api/user with a token, 16 keep-alive connections, ${SLICES} one-second slices each, alternating (SQLite):`);
    print('bare Fastify, the same two reads (bench/)', servers.bare);
    print('the app (dist-server/main.mjs, production, LOG_LEVEL=info)', servers.app);
    const bare = servers.bare.done / servers.bare.cpu;
    const app = servers.app.done / servers.app.cpu;
    const ratio = app / bare;
    console.log(`  ratio ${ratio.toFixed(2)} (goal at least ${GOAL}: ${ratio >= GOAL ? 'met' : 'NOT met'})`);
    return { app, bare };
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await apiUserBench();
