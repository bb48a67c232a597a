import { sql } from 'kysely';
import type { AccountState } from '../../contract/platform.ts';
import type { Db } from '../db/schema.ts';

export interface Balances {
  /** Sum of completed entries, minor units. */
  balance: number;
  /** Sum of pending debits (withdrawals awaiting staff, money in flight) and IPO holds, as a positive number. */
  held: number;
}

/** Amounts held by IPO applications (active or awaiting reconfirmation) on each of the given accounts. */
async function ipoHolds(db: Db, accountIds: number[]): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ipo_applications')
    .select(['account_id', sql<string | number>`sum(held)`.as('held')])
    .where('account_id', 'in', accountIds)
    .where('held', '>', 0)
    .groupBy('account_id')
    .execute();
  return new Map(rows.map((r) => [r.account_id, Number(r.held)]));
}

/** An account's balance and the funds held by pending withdrawals and IPO applications, from our own tables. */
export async function ledgerBalances(db: Db, accountId: number): Promise<Balances> {
  const row = await db
    .selectFrom('ledger_entries')
    .select([
      sql<string | number>`coalesce(sum(case when status = 'completed' then amount else 0 end), 0)`.as('balance'),
      sql<string | number>`coalesce(sum(case when status = 'pending' and amount < 0 then -amount else 0 end), 0)`.as('held'),
    ])
    .where('account_id', '=', accountId)
    .where('status', 'in', ['completed', 'pending'])
    .executeTakeFirstOrThrow();
  const ipo = (await ipoHolds(db, [accountId])).get(accountId) ?? 0;
  // PostgreSQL sums bigints as numeric, which arrives as text.
  return { balance: Number(row.balance), held: Number(row.held) + ipo };
}

/**
 * Where the ledger of an account stood just before its platform state was read: the last entry
 * and the debits then pending. The state is read outside the transaction that checks a new debit
 * (services never call the platform inside one), so by the time the check runs, a debit may have
 * been booked and completed: no longer pending, yet perhaps missing from the state read earlier.
 */
export interface LedgerMark {
  lastId: number;
  pending: number[];
}

export async function ledgerMark(db: Db, accountId: number): Promise<LedgerMark> {
  const [last, pending] = await Promise.all([
    db.selectFrom('ledger_entries').select((eb) => eb.fn.max('id').as('id')).where('account_id', '=', accountId).executeTakeFirst(),
    db.selectFrom('ledger_entries').select('id').where('account_id', '=', accountId).where('status', '=', 'pending').execute(),
  ]);
  return { lastId: Number(last?.id ?? 0), pending: pending.map((r) => r.id) };
}

/**
 * What is held on an account for a check against a platform state read after `mark`: the pending
 * debits and IPO holds now, plus the debits completed since the mark, which that state may not
 * show yet. Counting one twice only refuses a debit racing another; missing one would let the
 * account's holds exceed its money.
 */
export async function heldSince(db: Db, accountId: number, mark: LedgerMark): Promise<number> {
  const { held } = await ledgerBalances(db, accountId);
  const since = await db
    .selectFrom('ledger_entries')
    .select(sql<string | number>`coalesce(sum(-amount), 0)`.as('debits'))
    .where('account_id', '=', accountId)
    .where('status', '=', 'completed')
    .where('amount', '<', 0)
    .where((eb) => eb.or([eb('id', '>', mark.lastId), ...(mark.pending.length > 0 ? [eb('id', 'in', mark.pending)] : [])]))
    .executeTakeFirstOrThrow();
  return held + Number(since.debits);
}

/**
 * Keeps the account row's balance and equity in step, inside the transaction that moved money.
 * With the platform's state (every account on a platform): its balance, which holds trading
 * profit the ledger never sees, and its equity, which holds the open positions' floating profit.
 * Without one (the demo seed, before an account reaches the platform): the ledger's sum, and an
 * account that has never traded has an equity equal to its balance. The row is a cache for
 * staff lists; the client's screens read the platform itself.
 */
export async function recomputeBalance(db: Db, accountId: number, now: string, state: AccountState | null = null): Promise<Balances> {
  const balances = await ledgerBalances(db, accountId);
  const balance = state ? state.balance : balances.balance;
  const equity = state ? state.equity : balances.balance;
  await db.updateTable('trading_accounts').set({ balance, equity, updated_at: now }).where('id', '=', accountId).execute();
  return balances;
}

/**
 * What may still leave an account: the platform's balance, no more than its free margin, less what
 * is held. The platform's free margin already leaves out what it reserves for IPO holds, which
 * `held` counts too: it is added back so that a hold counts once, whether or not its reservation
 * is in step yet.
 */
export function withdrawable(state: AccountState, held: number): number {
  return Math.max(0, Math.min(state.balance, state.free_margin + (state.reserved ?? 0)) - held);
}

/** Funds held by pending withdrawals and IPO applications for each of the given accounts. */
export async function heldByAccount(db: Db, accountIds: number[]): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const [rows, ipo] = await Promise.all([pendingDebits(db, accountIds), ipoHolds(db, accountIds)]);
  const held = new Map(rows.map((r) => [r.account_id, Number(r.held)]));
  for (const [id, amount] of ipo) held.set(id, (held.get(id) ?? 0) + amount);
  return held;
}

function pendingDebits(db: Db, accountIds: number[]) {
  return db
    .selectFrom('ledger_entries')
    .select(['account_id', sql<string | number>`sum(-amount)`.as('held')])
    .where('account_id', 'in', accountIds)
    .where('status', '=', 'pending')
    .where('amount', '<', 0)
    .groupBy('account_id')
    .execute();
}
