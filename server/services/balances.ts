import { sql } from 'kysely';
import type { AccountState } from '../../contract/platform.ts';
import type { Db } from '../db/schema.ts';

export interface Balances {
  /** Sum of completed entries, minor units. */
  balance: number;
  /** Sum of pending debits (withdrawals awaiting staff), as a positive number. */
  held: number;
}

/** An account's balance and the funds held by pending withdrawals, from the ledger itself. */
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
  // PostgreSQL sums bigints as numeric, which arrives as text.
  return { balance: Number(row.balance), held: Number(row.held) };
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

/** What may still leave an account: the platform's balance, no more than its free margin, less pending withdrawals. */
export function withdrawable(state: AccountState, held: number): number {
  return Math.max(0, Math.min(state.balance, state.free_margin) - held);
}

/** Funds held by pending withdrawals for each of the given accounts. */
export async function heldByAccount(db: Db, accountIds: number[]): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['account_id', sql<string | number>`sum(-amount)`.as('held')])
    .where('account_id', 'in', accountIds)
    .where('status', '=', 'pending')
    .where('amount', '<', 0)
    .groupBy('account_id')
    .execute();
  return new Map(rows.map((r) => [r.account_id, Number(r.held)]));
}
