import type { Quote, TradingSymbol } from '../../../contract/platform.ts';
import { dialectOf } from '../../db/dialect.ts';
import { PlatformError } from '../port.ts';
import type { PlatformAccountsTable, PlatformDb, PlatformDealsTable } from './tables.ts';
import type { PositionRow, Quotes } from './valuation.ts';

export type AccountRecord = Omit<PlatformAccountsTable, 'credit' | 'reserved'> & { credit: number; reserved: number };

/**
 * An account's row, locked for the rest of the transaction on PostgreSQL (`FOR UPDATE`), so that
 * orders, closes and balance deals on one account queue up. SQLite needs no lock: its one
 * connection runs one transaction at a time.
 */
export async function lockAccount(trx: PlatformDb, login: string): Promise<AccountRecord> {
  let query = trx.selectFrom('platform_accounts').selectAll().where('login', '=', login);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new PlatformError('not_found');
  return row as AccountRecord;
}

export async function readAccount(db: PlatformDb, login: string): Promise<AccountRecord> {
  const row = await db.selectFrom('platform_accounts').selectAll().where('login', '=', login).executeTakeFirst();
  if (!row) throw new PlatformError('not_found');
  return row as AccountRecord;
}

export function activeAccount(account: AccountRecord): AccountRecord {
  if (account.status === 'archived') throw new PlatformError('archived');
  return account;
}

export async function readPositions(db: PlatformDb, login: string): Promise<PositionRow[]> {
  return db.selectFrom('platform_positions').selectAll().where('login', '=', login).orderBy('ticket').execute();
}

export async function readQuotes(db: PlatformDb): Promise<Map<TradingSymbol, Quote>> {
  const rows = await db.selectFrom('platform_quotes').selectAll().execute();
  return new Map(rows.map((q) => [q.symbol, { symbol: q.symbol, bid: q.bid, ask: q.ask, time: q.time }]));
}

export async function writeQuotes(db: PlatformDb, quotes: readonly Quote[]): Promise<void> {
  if (quotes.length === 0) return;
  await db
    .insertInto('platform_quotes')
    .values(quotes.map((q) => ({ symbol: q.symbol, bid: q.bid, ask: q.ask, time: q.time })))
    .onConflict((oc) =>
      oc.column('symbol').doUpdateSet((eb) => ({ bid: eb.ref('excluded.bid'), ask: eb.ref('excluded.ask'), time: eb.ref('excluded.time') })),
    )
    .execute();
}

/** Every quote the valuation needs: the instrument's own and the majors for cross rates. */
export function requireQuotes(quotes: Quotes): Quotes {
  if (quotes.size === 0) throw new PlatformError('unavailable');
  return quotes;
}

export type NewDeal = Omit<PlatformDealsTable, 'ticket'>;

export async function insertDeal(trx: PlatformDb, deal: NewDeal): Promise<number> {
  const row = await trx.insertInto('platform_deals').values(deal).returning('ticket').executeTakeFirstOrThrow();
  return row.ticket;
}

export async function addToBalance(trx: PlatformDb, login: string, amount: number, now: Date): Promise<void> {
  await trx
    .updateTable('platform_accounts')
    .set((eb) => ({ balance: eb('balance', '+', amount), updated_at: now.toISOString() }))
    .where('login', '=', login)
    .execute();
}

/** The amount reserved under `reference` on the account (0 when none), read under the account's lock. */
export async function reservedFor(trx: PlatformDb, login: string, reference: string): Promise<number> {
  const row = await trx.selectFrom('platform_reservations').select('amount').where('login', '=', login).where('reference', '=', reference).executeTakeFirst();
  return row ? Number(row.amount) : 0;
}

/** Sets the reservation to `amount` (0 removes it) and the account's total by the difference; the account is locked by the caller. */
export async function setReservation(trx: PlatformDb, login: string, reference: string, from: number, amount: number, now: Date): Promise<void> {
  if (from === amount) return;
  const at = now.toISOString();
  if (amount === 0) await trx.deleteFrom('platform_reservations').where('login', '=', login).where('reference', '=', reference).execute();
  else if (from === 0) await trx.insertInto('platform_reservations').values({ login, reference, amount, updated_at: at }).execute();
  else await trx.updateTable('platform_reservations').set({ amount, updated_at: at }).where('login', '=', login).where('reference', '=', reference).execute();
  await trx
    .updateTable('platform_accounts')
    .set((eb) => ({ reserved: eb('reserved', '+', amount - from), updated_at: at }))
    .where('login', '=', login)
    .execute();
}
