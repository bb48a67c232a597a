/**
 * Chat under load on PostgreSQL, one process: 200 rooms, each client sending a message a second
 * for 30 s (BENCH_CHAT_ROOMS, BENCH_CHAT_SECONDS) through `POST /api/chat/room/{id}/message` on a
 * listening server (real HTTP, keep-alive), with the pool at DATABASE_POOL_MAX's default and at
 * the sizes beside it. A send fails when it is not answered 201 within 5 s. Printed by `npm run bench`.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { startPostgres } from '../bench/postgres.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { connect, DEFAULT_POOL_MAX } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';

const ROOMS = Number(process.env.BENCH_CHAT_ROOMS ?? 200);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 30);
const SEND_TIMEOUT_MS = 5_000;
const POOLS = [5, DEFAULT_POOL_MAX, 20];

async function loadOn(url: string, poolMax: number): Promise<void> {
  const config = {
    ...loadConfig({ DATABASE_URL: url, DATABASE_POOL_MAX: String(poolMax), APP_KEY: 'bench-app-key-not-secret-0123456789', LOG_LEVEL: 'silent', SEED_DEMO: '0', RECONCILE_INTERVAL_MINUTES: '0', HOST: '127.0.0.1', PORT: '0' }),
    passwordHashing: { memoryCost: 256, timeCost: 1, parallelism: 1 },
  };
  const db = connect(config.database);
  await migrateToLatest(db);
  const app = await buildApp(config, { db, platformOptions: { feed: 'manual', backfillDays: 0 } });
  try {
    const clients: { token: string; room: number }[] = [];
    for (let i = 0; i < ROOMS; i++) {
      const user = await app.services.users.create({ first_name: 'Load', second_name: `Client ${i}`, email: `load-${i}@bench.test`, password: 'bench-password', verified: true });
      const { token } = await app.services.tokens.issue(user.id, { remember: true, userAgent: null, ip: null });
      const { room } = await app.services.chat.openRoom({ id: user.id, name: `Load Client ${i}` });
      clients.push({ token, room: room.id });
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: ROOMS });
    const send = (client: { token: string; room: number }, n: number) =>
      new Promise<number>((resolve) => {
        const body = JSON.stringify({ message: `message ${n}` });
        const request = http.request(
          { host: '127.0.0.1', port, path: `/api/chat/room/${client.room}/message`, method: 'POST', agent, timeout: SEND_TIMEOUT_MS, headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('timeout', () => request.destroy());
        request.on('error', () => resolve(0));
        request.end(body);
      });
    const statuses = new Map<number, number>();
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      clients.map(async (client, i) => {
        // Each client once a second, the clients spread over the second.
        await new Promise((resolve) => setTimeout(resolve, (i * 1000) / ROOMS));
        const sends: Promise<void>[] = [];
        for (let n = 0; n < SECONDS; n++) {
          const due = started + (i * 1000) / ROOMS + n * 1000;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
          const t = performance.now();
          sends.push(
            send(client, n).then((status) => {
              const took = performance.now() - t;
              latencies.push(took);
              // The socket timeout only ends an idle connection: an answer after 5 s is a failure too.
              const counted = status === 201 && took > SEND_TIMEOUT_MS ? -1 : status;
              statuses.set(counted, (statuses.get(counted) ?? 0) + 1);
            }),
          );
        }
        await Promise.all(sends);
      }),
    );
    agent.destroy();
    const total = ROOMS * SECONDS;
    const failed = total - (statuses.get(201) ?? 0);
    const sorted = latencies.sort((a, b) => a - b);
    const other = [...statuses].filter(([status]) => status !== 201).map(([status, n]) => `${status === 0 ? 'timeout/error' : status === -1 ? '201 after 5 s' : status}: ${n}`);
    console.log(
      `  pool ${String(poolMax).padStart(3)}: ${failed.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} sends failed${other.length ? ` (${other.join(', ')})` : ''}; ` +
        `p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, p99 ${sorted[Math.floor(sorted.length * 0.99)]!.toFixed(0)} ms`,
    );
  } finally {
    await app.close();
    await db.destroy().catch(() => {});
  }
}

export async function chatLoadBench(): Promise<void> {
  const postgres = await startPostgres();
  if (!postgres) {
    console.log('\nChat load on PostgreSQL: none installed and no BENCH_DATABASE_URL: not measured.');
    return;
  }
  console.log(`\nChat on PostgreSQL, one process: ${ROOMS} rooms each sending a message a second for ${SECONDS} s (default DATABASE_POOL_MAX ${DEFAULT_POOL_MAX}):`);
  try {
    for (const pool of POOLS) await loadOn(await postgres.database(`bench_chat_${pool}`), pool);
  } finally {
    await postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await chatLoadBench();
