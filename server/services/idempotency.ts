import { createHash } from 'node:crypto';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { fail } from './rule-error.ts';
import { ConflictError } from './service-errors.ts';

/** `Idempotency-Key`: 1–100 characters of letters, digits and `-_.:` (a UUID fits). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,100}$/;

export interface Answer<T> {
  status: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

export function fingerprint(operation: string, payload: unknown): string {
  return `${operation}:${createHash('sha256').update(JSON.stringify(payload)).digest('hex')}`;
}

/**
 * Runs `work` at most once per user and key. The key is claimed inside the same transaction as
 * the work, so either both are written or neither is: a request that fails validation leaves the
 * key free. A second request with the key gets the first one's answer; with another body, a 422.
 * Two requests racing with one key: on PostgreSQL the second insert waits for the first
 * transaction and then hits the unique index; on SQLite the second transaction starts only
 * after the first committed and finds the key. Either way the work ran once.
 */
export async function once<T>(
  db: Db,
  clock: Clock,
  claim: { userId: number; key: string; fingerprint: string },
  work: (trx: Db) => Promise<{ status: number; body: T }>,
): Promise<Answer<T>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const earlier = await stored<T>(trx, claim);
      if (earlier) return earlier;
      const { id } = await trx
        .insertInto('idempotency_keys')
        .values({ user_id: claim.userId, key: claim.key, fingerprint: claim.fingerprint, status_code: 0, response: 'null', created_at: clock().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const answer = await work(trx);
      await trx.updateTable('idempotency_keys').set({ status_code: answer.status, response: JSON.stringify(answer.body) }).where('id', '=', id).execute();
      return { ...answer, replayed: false };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const earlier = await stored<T>(db, claim);
    if (earlier) return earlier;
    throw error;
  }
}

async function stored<T>(db: Db, claim: { userId: number; key: string; fingerprint: string }): Promise<Answer<T> | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status_code', 'response'])
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.fingerprint !== claim.fingerprint) fail('idempotency_key', 'idempotency_reused');
  // Claimed by a request still at work (onceAround): its answer is not known yet.
  if (row.status_code === 0) throw new ConflictError('idempotency key in flight');
  return { status: row.status_code, body: JSON.parse(row.response) as T, replayed: true };
}

/** How long a repeat waits for the first request with its key to finish before it answers 409. */
const IN_FLIGHT_WAIT_MS = 10_000;

/**
 * `once` for work that calls another system (the trading platform) and so must not run inside a
 * database transaction: an external call holding a transaction open would hold SQLite's one
 * connection (the platform keeps its tables in the same database and would wait for it forever)
 * and PostgreSQL's row locks for as long as the network takes. The key is claimed and committed
 * first, the work runs and writes in transactions of its own, and its answer is stored against the
 * key. A repeat meanwhile (a double click) waits for that answer, briefly, then gets 409. If the
 * work throws, the claim is dropped and the key is free, as with a refused `once` (the work must
 * leave nothing behind then), and a waiting repeat claims it and runs the work itself.
 */
export async function onceAround<T>(
  db: Db,
  clock: Clock,
  claim: { userId: number; key: string; fingerprint: string },
  work: () => Promise<{ status: number; body: T }>,
): Promise<Answer<T>> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    const claimed = await claimKey<T>(db, clock, claim);
    if (typeof claimed === 'number') return runClaimed(db, claimed, work);
    if (claimed !== 'busy') return claimed;
    if (Date.now() + pause > deadline) throw new ConflictError('idempotency key in flight');
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** The claim's id; the stored answer of an earlier request; or `busy` while another request holds the key. */
async function claimKey<T>(db: Db, clock: Clock, claim: { userId: number; key: string; fingerprint: string }): Promise<number | Answer<T> | 'busy'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const earlier = await stored<T>(trx, claim);
      if (earlier) return earlier;
      const row = await trx
        .insertInto('idempotency_keys')
        .values({ user_id: claim.userId, key: claim.key, fingerprint: claim.fingerprint, status_code: 0, response: 'null', created_at: clock().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  } catch (error) {
    if (error instanceof ConflictError || isUniqueViolation(error)) return 'busy';
    throw error;
  }
}

async function runClaimed<T>(db: Db, id: number, work: () => Promise<{ status: number; body: T }>): Promise<Answer<T>> {
  let answer: { status: number; body: T };
  try {
    answer = await work();
  } catch (error) {
    await db.deleteFrom('idempotency_keys').where('id', '=', id).execute();
    throw error;
  }
  await db.updateTable('idempotency_keys').set({ status_code: answer.status, response: JSON.stringify(answer.body) }).where('id', '=', id).execute();
  return { ...answer, replayed: false };
}
