/**
 * `npm start`'s cold start: `node scripts/start.mjs` (the compiled server, docs/adr/0092) on a
 * database that has been migrated and seeded before, timed from the process's start to its first
 * answer of /api/health, and its resident memory 5 s later, idle (goals under 1 s and 120 MB).
 * Beside it in the same run, the baseline: a bare Node process that imports Fastify and answers
 * the same URL. Three starts each, alternating, the median kept. Printed by `npm run bench`;
 * alone: `tsx scripts/bench-start.ts`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const PORT = Number(process.env.BENCH_START_PORT ?? 8133);
const STARTS = 3;
const IDLE_MS = 5000;
const BARE = `const { default: Fastify } = await import('fastify'); const app = Fastify(); app.get('/api/health', async () => ({ ok: true })); await app.listen({ port: ${PORT}, host: '127.0.0.1' });`;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function startOnce(command: string[], env: Record<string, string>): Promise<{ firstMs: number; idleMb: number }> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), { env: { ...process.env, ...env, PORT: String(PORT), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const firstMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { firstMs, idleMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
}

export async function startBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-bench-start-'));
  // The demo seeded and the platform's back-fill written by a first start: the starts measured find them there.
  const env = { DATABASE_URL: `sqlite:${join(dir, 'start.sqlite')}`, APP_KEY: 'bench-app-key-not-secret-0123456789', NODE_ENV: 'production', SKIP_BUILD: '1' };
  try {
    const compiled = spawnSync('node', ['scripts/start.mjs', '--compile'], { stdio: 'inherit' });
    if (compiled.status !== 0) throw new Error('the server did not compile');
    await startOnce(['node', 'scripts/start.mjs'], env);
    const app: { firstMs: number; idleMb: number }[] = [];
    const bare: { firstMs: number; idleMb: number }[] = [];
    for (let i = 0; i < STARTS; i++) {
      bare.push(await startOnce(['node', '--input-type=module', '-e', BARE], {}));
      app.push(await startOnce(['node', 'scripts/start.mjs'], env));
    }
    const line = (label: string, runs: typeof app) =>
      console.log(`  ${label.padEnd(56)} first answer ${Math.round(median(runs.map((r) => r.firstMs))).toLocaleString('en-US').padStart(5)} ms   idle ${Math.round(median(runs.map((r) => r.idleMb)))} MB RSS`);
    console.log(`\nCold start to the first answer, and memory 5 s later idle (median of ${STARTS} starts, alternating):`);
    line('bare: node, Fastify, one route', bare);
    line('the app: node scripts/start.mjs (dist-server/main.mjs)', app);
    const firstMs = median(app.map((r) => r.firstMs));
    const idleMb = median(app.map((r) => r.idleMb));
    console.log(`  goals under 1 s: ${firstMs < 1000 ? 'met' : 'NOT met'}; under 120 MB: ${idleMb < 120 ? 'met' : 'NOT met'}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await startBench();
