import type { PartnerWallet } from '../../../contract/partners.ts';
import type { Db } from '../../db/schema.ts';
import { forUpdate } from '../transactions.ts';

/**
 * The partner wallet's money rules (as wallet.ts's): every change is an entry, the balance is the
 * sum of the entries that are not rejected, written in the same transaction under the wallet's row
 * lock, so an accrual and a payout at the same moment queue up and the balance never goes below
 * zero (the column's check is the last guard).
 */

export interface WalletRow {
  id: number;
  partner_id: number;
  currency_id: number;
  currency_code: string;
  currency_precision: number;
  balance: number;
}

export const walletQuery = (db: Db) =>
  db
    .selectFrom('partner_wallets as w')
    .innerJoin('currencies as c', 'c.id', 'w.currency_id')
    .select(['w.id', 'w.partner_id', 'w.currency_id', 'c.code as currency_code', 'c.precision as currency_precision', 'w.balance']);

/** The wallet of `partnerId`, locked for the rest of the transaction. */
export async function lockWallet(trx: Db, partnerId: number): Promise<WalletRow> {
  await forUpdate(trx, trx.selectFrom('partner_wallets').select('id').where('partner_id', '=', partnerId)).executeTakeFirstOrThrow();
  const row = await walletQuery(trx).where('w.partner_id', '=', partnerId).executeTakeFirstOrThrow();
  return { ...row, balance: Number(row.balance) };
}

/** Recomputes the balance from the entries (inside the caller's transaction, after a change). */
export async function recomputeWallet(trx: Db, walletId: number, now: string): Promise<number> {
  const row = await trx
    .selectFrom('partner_wallet_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount'), eb.val(0)).as('total'))
    .where('wallet_id', '=', walletId)
    .where('status', '<>', 'rejected')
    .executeTakeFirstOrThrow();
  const balance = Number(row.total);
  await trx.updateTable('partner_wallets').set({ balance, updated_at: now }).where('id', '=', walletId).execute();
  return balance;
}

export function toWallet(row: WalletRow): PartnerWallet {
  const balance = Number(row.balance);
  return { id: row.id, currency: row.currency_code, precision: row.currency_precision, balance, available: balance };
}
