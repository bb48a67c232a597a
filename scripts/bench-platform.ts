/**
 * The embedded trading platform, for `npm run bench` (figures printed, never asserted):
 * - a fresh install's back-fill of 30 days of minute bars, on SQLite and on PostgreSQL;
 * - price ticks to 1,000 subscribers of `prices` through the app's realtime hub, beside a bare `ws`
 *   fan-out of the same frame, both served by one child process and read by 1,000 sockets each here;
 * - revaluing 10,000 open positions on one tick: the pure revaluation beside a bare loop, and the
 *   leader's whole tick (quotes and bars written, positions read, states, stops) on SQLite.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { PRICE_TICK_EVENT, PRICES_CHANNEL, type Quote, type TradingSymbol } from '../contract/platform.ts';
import { type DatabaseTarget, databaseTarget } from '../server/config.ts';
import { connect } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import type { Db } from '../server/db/schema.ts';
import { backfill } from '../server/platform/embedded/bars.ts';
import { INSTRUMENTS } from '../server/platform/embedded/instruments.ts';
import { soloLeadership } from '../server/platform/embedded/leader.ts';
import { EmbeddedPlatform } from '../server/platform/embedded/platform.ts';
import { revalue } from '../server/platform/embedded/risk.ts';
import type { PlatformDb } from '../server/platform/embedded/tables.ts';
import type { AccountRow, PositionRow } from '../server/platform/embedded/valuation.ts';
import { localBroadcaster } from '../server/realtime/broadcaster.ts';
import { createHub } from '../server/realtime/hub.ts';

const SUBSCRIBERS = 1000;
const TICKS = 100;
const POSITIONS = 10_000;
const KEY = 'bench-key';
const START = new Date('2030-01-15T09:00:00.000Z');

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;
function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: at(sorted, 50), p95: at(sorted, 95), p99: at(sorted, 99) };
}

function tempSqlite(): { target: DatabaseTarget; drop(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-bench-platform-'));
  return { target: databaseTarget(`sqlite:${join(dir, 'bench.sqlite')}`), drop: () => rmSync(dir, { recursive: true, force: true }) };
}

function platformOn(db: Db, clock: () => Date): EmbeddedPlatform {
  return new EmbeddedPlatform({ db, leadership: soloLeadership(), clock, seed: 20_260_101, tickMs: 400, marginCallLevel: 100, stopOutLevel: 50, feed: 'manual', backfillDays: 0 });
}

// --- The child process: the hub and the bare fan-out, driven over IPC ---------------------------

async function serve(): Promise<void> {
  const sqlite = tempSqlite();
  const db = connect(sqlite.target);
  await migrateToLatest(db);
  let now = START.getTime();
  const platform = platformOn(db, () => new Date(now));
  await platform.start();

  const hub = createHub({ key: KEY, secret: 'bench-secret', maxConnectionsPerAddress: 10_000 });
  const server = createServer();
  hub.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const broadcaster = localBroadcaster(hub);
  platform.subscribe({ onTick: (quotes) => void broadcaster.publish(PRICES_CHANNEL, PRICE_TICK_EVENT, { quotes }) });

  const bare = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => bare.once('listening', resolve));
  let lastQuotes: Quote[] = await platform.quotes();

  process.on('message', async (message: string) => {
    if (message === 'tick') {
      now += 400;
      await platform.tick();
    } else if (message === 'bare') {
      // The frame the hub sends for a tick, as one string, to every socket.
      const frame = JSON.stringify({ event: PRICE_TICK_EVENT, channel: PRICES_CHANNEL, data: JSON.stringify({ quotes: lastQuotes }) });
      for (const client of bare.clients) client.send(frame);
    } else if (message === 'stop') {
      await hub.close();
      bare.close();
      server.close();
      await platform.close();
      await db.destroy();
      sqlite.drop();
      process.exit(0);
    }
  });
  platform.subscribe({ onTick: (quotes) => void (lastQuotes = quotes) });
  process.send!({ hub: (server.address() as AddressInfo).port, bare: (bare.address() as AddressInfo).port });
}

// --- The bench process -----------------------------------------------------------------------

async function openSockets(url: string, subscribe: boolean, onFrame: () => void): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const openOne = () =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      sockets.push(ws);
      ws.on('error', reject);
      if (!subscribe) ws.on('open', () => resolve());
      ws.on('message', (raw) => {
        const text = raw.toString();
        if (text.includes(`"${PRICE_TICK_EVENT}"`)) onFrame();
        else if (text.includes('pusher:connection_established')) ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: PRICES_CHANNEL } }));
        else if (text.includes('subscription_succeeded')) resolve();
      });
    });
  for (let i = 0; i < SUBSCRIBERS; i += 100) await Promise.all(Array.from({ length: Math.min(100, SUBSCRIBERS - i) }, openOne));
  return sockets;
}

async function fanOut(): Promise<void> {
  const child = fork(new URL(import.meta.url).pathname, ['serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ports = await new Promise<{ hub: number; bare: number }>((resolve) => child.once('message', resolve as (m: unknown) => void));
  let pending = 0;
  let sentAt = 0;
  let done: () => void = () => {};
  const latencies: number[] = [];
  const onFrame = () => {
    latencies.push(performance.now() - sentAt);
    if (--pending === 0) done();
  };
  const hubSockets = await openSockets(`ws://127.0.0.1:${ports.hub}/app/${KEY}?protocol=7&client=bench&version=1`, true, onFrame);
  const bareSockets = await openSockets(`ws://127.0.0.1:${ports.bare}`, false, onFrame);

  const run = async (command: 'tick' | 'bare') => {
    latencies.length = 0;
    const perTick: number[] = [];
    for (let i = 0; i < TICKS; i += 1) {
      pending = SUBSCRIBERS;
      const all = new Promise<void>((resolve) => (done = resolve));
      sentAt = performance.now();
      child.send(command);
      await all;
      perTick.push(performance.now() - sentAt);
    }
    return { each: percentiles(latencies), last: percentiles(perTick) };
  };
  await run('bare'); // warm-up of both paths
  await run('tick');
  const hub = await run('tick');
  const bare = await run('bare');
  for (const ws of [...hubSockets, ...bareSockets]) ws.terminate();
  child.send('stop');

  const row = (label: string, r: typeof hub) =>
    `  ${label.padEnd(30)} p50 ${ms(r.each.p50).padStart(9)}  p95 ${ms(r.each.p95).padStart(9)}  p99 ${ms(r.each.p99).padStart(9)}   last of 1,000: p50 ${ms(r.last.p50)}`;
  console.log(`\nPrice ticks to ${SUBSCRIBERS.toLocaleString('en-US')} subscribers of \`${PRICES_CHANNEL}\` (${TICKS} ticks; one child process serves, this one reads):`);
  console.log(row('platform tick → hub → client', hub));
  console.log(row('bare ws fan-out → client', bare));
  console.log(`  ratio hub / bare: p50 ${(hub.each.p50 / bare.each.p50).toFixed(2)}×, p95 ${(hub.each.p95 / bare.each.p95).toFixed(2)}×, p99 ${(hub.each.p99 / bare.each.p99).toFixed(2)}×`);
  console.log('  (the hub path includes the tick itself: the simulation step, quotes and bars written to SQLite, the revaluation)');
}

async function backfills(): Promise<void> {
  console.log('\nA fresh install back-fills 30 days of minute bars (5 instruments):');
  const sqlite = tempSqlite();
  const db = connect(sqlite.target);
  try {
    await migrateToLatest(db);
    const result = await backfill(db as unknown as PlatformDb, 20_260_101, START, 30);
    console.log(`  SQLite:     ${result.rows.toLocaleString('en-US')} rows in ${(result.ms / 1000).toFixed(2)} s`);
    const platform = platformOn(db, () => START);
    for (const [timeframe, limit] of [['M1', 500], ['H1', 500], ['D1', 30]] as const) {
      const samples: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const t = performance.now();
        await platform.bars('EURUSD', timeframe, { from: new Date(START.getTime() - 400 * 86_400_000), to: START, limit });
        samples.push(performance.now() - t);
      }
      const r = percentiles(samples);
      console.log(`    bars(EURUSD, ${timeframe}, limit ${String(limit).padEnd(3)}) on SQLite: p50 ${ms(r.p50)}  p95 ${ms(r.p95)}`);
    }
  } finally {
    await db.destroy();
    sqlite.drop();
  }
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const url = given ? { url: given, stop: async () => {} } : await throwawayPostgres();
  if (!url) return console.log('  PostgreSQL: skipped (no PostgreSQL binaries, no BENCH_DATABASE_URL)');
  const pg = connect({ dialect: 'postgres', url: url.url });
  try {
    await migrateToLatest(pg);
    await (pg as unknown as PlatformDb).deleteFrom('platform_bars').execute();
    const result = await backfill(pg as unknown as PlatformDb, 20_260_101, START, 30);
    console.log(`  PostgreSQL: ${result.rows.toLocaleString('en-US')} rows in ${(result.ms / 1000).toFixed(2)} s`);
  } finally {
    await pg.destroy();
    await url.stop();
  }
}

/** A throwaway PostgreSQL cluster, as the server tests start one. */
async function throwawayPostgres(): Promise<{ url: string; stop(): Promise<void> } | null> {
  const { default: setup } = await import('../tests/server/global-setup.ts');
  let url = '';
  try {
    const stop = await setup({ provide: (_key: string, value: string) => void (url = value) } as never);
    return { url, stop: async () => void (await stop?.()) };
  } catch {
    return null;
  }
}

function positionsBook(): { accounts: Map<string, AccountRow>; positions: PositionRow[]; quotes: Map<TradingSymbol, Quote> } {
  const currencies = ['USD', 'EUR', 'GBP', 'JPY'];
  const accounts = new Map<string, AccountRow>();
  for (let i = 0; i < POSITIONS / 10; i += 1) {
    const currency = currencies[i % 4]!;
    const login = String(10_000_000 + i);
    accounts.set(login, { login, currency, precision: currency === 'JPY' ? 0 : 2, leverage: 100, balance: 100_000_000, credit: 0 });
  }
  const fx = INSTRUMENTS.filter((i) => i.symbol !== 'US500');
  const positions: PositionRow[] = Array.from({ length: POSITIONS }, (_, n) => {
    const instrument = fx[n % fx.length]!;
    return {
      ticket: n + 1,
      login: String(10_000_000 + Math.floor(n / 10)),
      symbol: instrument.symbol,
      side: n % 2 ? 'buy' : 'sell',
      volume: 0.1,
      open_price: instrument.start_price,
      open_time: START.toISOString(),
      stop_loss: null,
      take_profit: null,
    };
  });
  const quotes = new Map(INSTRUMENTS.map((i) => [i.symbol, { symbol: i.symbol, bid: i.start_price * 1.001, ask: i.start_price * 1.001 + i.spread, time: START.toISOString() }]));
  return { accounts, positions, quotes };
}

async function revaluation(): Promise<void> {
  const { accounts, positions, quotes } = positionsBook();
  const levels = { marginCall: 100, stopOut: 50 };
  const pure: number[] = [];
  const bare: number[] = [];
  let sink = 0;
  for (let run = 0; run < 220; run += 1) {
    let t = performance.now();
    const result = revalue(accounts, positions, quotes, levels, START);
    if (run >= 20) pure.push(performance.now() - t);
    sink += result.size;
    // Baseline: the arithmetic of a profit, and nothing else, over the same positions.
    t = performance.now();
    let total = 0;
    for (const p of positions) {
      const q = quotes.get(p.symbol)!;
      total += (p.side === 'buy' ? q.bid - p.open_price : p.open_price - q.ask) * p.volume * 100_000;
    }
    if (run >= 20) bare.push(performance.now() - t);
    sink += total;
  }
  const a = percentiles(pure);
  const b = percentiles(bare);
  console.log(`\nRevaluing ${POSITIONS.toLocaleString('en-US')} open positions (${accounts.size.toLocaleString('en-US')} accounts in 4 currencies) on one tick, 200 runs:`);
  console.log(`  revalue(): profit, margin, state, stops   p50 ${ms(a.p50)}  p95 ${ms(a.p95)}`);
  console.log(`  bare loop: profit arithmetic only          p50 ${ms(b.p50)}  p95 ${ms(b.p95)}   ratio p50 ${(a.p50 / b.p50).toFixed(1)}×`);

  // The leader's whole tick with the same book in SQLite.
  const sqlite = tempSqlite();
  const db = connect(sqlite.target);
  try {
    await migrateToLatest(db);
    const tables = db as unknown as PlatformDb;
    let now = START.getTime();
    const platform = platformOn(db, () => new Date(now));
    await platform.start();
    const created = START.toISOString();
    const rows = [...accounts.values()].map((a) => ({ ...a, grp: 'demo' as const, name: 'Bench', status: 'active' as const, master_hash: null, investor_hash: null, created_at: created, updated_at: created }));
    for (let i = 0; i < rows.length; i += 500) await tables.insertInto('platform_accounts').values(rows.slice(i, i + 500)).execute();
    const stored = (await platform.quotes()).reduce((m, q) => m.set(q.symbol, q), new Map<TradingSymbol, Quote>());
    const book = positions.map(({ ticket: _t, ...p }) => ({ ...p, open_price: stored.get(p.symbol)!.bid }));
    for (let i = 0; i < book.length; i += 1000) await tables.insertInto('platform_positions').values(book.slice(i, i + 1000)).execute();
    const ticks: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      now += 400;
      const t = performance.now();
      await platform.tick();
      if (i >= 10) ticks.push(performance.now() - t);
    }
    const c = percentiles(ticks);
    console.log(`  the leader's whole tick on SQLite          p50 ${ms(c.p50)}  p95 ${ms(c.p95)}   (quotes and bars written, ${POSITIONS.toLocaleString('en-US')} positions read, revalued, states sent)`);
    await platform.close();
  } finally {
    await db.destroy();
    sqlite.drop();
  }
  if (sink === 42) console.log('');
}

export async function platformBench(): Promise<void> {
  await backfills();
  await revaluation();
  await fanOut();
}

if (process.argv[2] === 'serve') await serve();
else if (import.meta.url === `file://${process.argv[1]}`) await platformBench();
