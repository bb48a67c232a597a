/**
 * Reservations on the embedded platform (docs/adr/0086), for `npm run bench` (figures printed,
 * never asserted), on SQLite: a reservation set and ended, and a market order on an account
 * holding none beside one holding ten (the order reads the account's total with its row, so
 * reservations should cost it nothing).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseTarget } from '../server/config.ts';
import { connect } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { soloLeadership } from '../server/platform/embedded/leader.ts';
import { EmbeddedPlatform } from '../server/platform/embedded/platform.ts';

const ROUNDS = 300;
const START = new Date('2030-01-15T09:00:00.000Z');

function p(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((q / 100) * sorted.length))]!;
}
const line = (name: string, samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(`  ${name.padEnd(44)} p50 ${p(sorted, 50).toFixed(2)} ms   p95 ${p(sorted, 95).toFixed(2)} ms`);
};

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

export async function reservationsBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-bench-reservations-'));
  const db = connect(databaseTarget(`sqlite:${join(dir, 'bench.sqlite')}`));
  try {
    await migrateToLatest(db);
    const platform = new EmbeddedPlatform({ db, leadership: soloLeadership(), clock: () => START, seed: 1, tickMs: 400, marginCallLevel: 100, stopOutLevel: 50, feed: 'manual', backfillDays: 0 });
    await platform.start();
    await platform.setQuote('EURUSD', 1.1, 1.1001);
    const open = async () => {
      const { login } = await platform.openAccount({ group: 'demo', currency: 'USD', precision: 2, leverage: 100, name: 'Bench' });
      await platform.balance({ login, kind: 'deposit', amount: 100_000_000, reference: `DEP-${login}` });
      return login;
    };
    const plain = await open();
    const held = await open();
    for (let i = 0; i < 10; i++) await platform.reserve(held, `IPO-${i}`, 1_000_000);

    const reserve: number[] = [];
    const release: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      reserve.push(await timed(() => platform.reserve(plain, 'IPO-X', 50_000)));
      release.push(await timed(() => platform.release(plain, 'IPO-X')));
    }
    const order = (login: string) => platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 0.01, stop_loss: null, take_profit: null });
    const withoutReservations: number[] = [];
    const withReservations: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      withoutReservations.push(await timed(() => order(plain)));
      withReservations.push(await timed(() => order(held)));
    }
    console.log(`\nPlatform reservations (SQLite, ${ROUNDS} rounds each):`);
    line('reserve (set aside)', reserve);
    line('release (end)', release);
    line('market order, account without reservations', withoutReservations);
    line('market order, account holding 10 reservations', withReservations);
    await platform.close();
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await reservationsBench();
