import { sql } from 'kysely';
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
 * Writes the account's balance (and equity: no open positions exist yet) as the sum of its
 * completed entries. Called inside the transaction that changed the ledger, after the change.
 */
export async function recomputeBalance(db: Db, accountId: number, now: string): Promise<Balances> {
  const balances = await ledgerBalances(db, accountId);
  await db
    .updateTable('trading_accounts')
    .set({ balance: balances.balance, equity: balances.balance, updated_at: now })
    .where('id', '=', accountId)
    .execute();
  return balances;
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
