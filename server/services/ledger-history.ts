import { LRUCache } from 'lru-cache';
import type { HistoryPage, LedgerEntry, LedgerKind, LedgerStatus, Paged, WalletRequest } from '../../contract/trading.ts';
import type { Db, LedgerEntriesTable } from '../db/schema.ts';
import type { Clock } from './clock.ts';

export interface HistoryFilter {
  accountId?: number | undefined;
  kind?: LedgerKind | undefined;
  status?: LedgerStatus | undefined;
  /** Inclusive UTC days, `YYYY-MM-DD`. */
  from?: string | undefined;
  to?: string | undefined;
}

export function entryQuery(db: Db) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('trading_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('currencies as c', 'c.id', 'e.currency_id')
    .leftJoin('trading_accounts as cp', 'cp.id', 'e.counterparty_account_id')
    .leftJoin('payment_methods as pm', 'pm.id', 'e.payment_method_id')
    .select([
      'e.id',
      'e.account_id',
      'a.number as account_number',
      'e.kind',
      'e.amount',
      'c.code as currency',
      'c.precision',
      'e.status',
      'e.reference',
      'cp.number as counterparty_account_number',
      'e.created_at',
      'e.decided_at',
      'pm.name as payment_method',
      'e.fee',
      'e.platform_ticket',
      'e.state',
      'e.reason',
      'e.expected_at',
    ]);
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entryQuery>['executeTakeFirstOrThrow']>>;

export function toEntryBody(row: EntryRow): LedgerEntry {
  return { ...row, counterparty_account_number: row.counterparty_account_number ?? null, payment_method: row.payment_method ?? null, fee: Number(row.fee) };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** The filters as conditions on `ledger_entries` (aliased `e`). */
/** A query over `ledger_entries as e`, as far as the filters need to know it. */
interface Filterable<Q> {
  where(column: `e.${keyof LedgerEntriesTable & string}`, op: '=' | '>=' | '<', value: string | number): Q;
}

function filtered<Q extends Filterable<Q>>(query: Q, filter: HistoryFilter): Q {
  let q = query;
  if (filter.accountId !== undefined) q = q.where('e.account_id', '=', filter.accountId);
  if (filter.kind) q = q.where('e.kind', '=', filter.kind);
  if (filter.status) q = q.where('e.status', '=', filter.status);
  if (filter.from) q = q.where('e.created_at', '>=', `${filter.from}T00:00:00.000Z`);
  if (filter.to) q = q.where('e.created_at', '<', nextDay(filter.to));
  return q;
}

/** Where a page starts: after (older than) or before (newer than) an entry, and that page's number. */
export interface HistoryCursor {
  page: number;
  direction: 'after' | 'before';
  created_at: string;
  id: number;
}

/** An opaque page token for the URL: the cursor as base64url JSON. */
export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(JSON.stringify([cursor.page, cursor.direction === 'after' ? 'a' : 'b', cursor.created_at, cursor.id])).toString('base64url');
}

/** The cursor a token stands for, or null when it is not one this server made. */
export function decodeCursor(token: string): HistoryCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 4) return null;
    const [page, direction, createdAt, id] = value as unknown[];
    if (!Number.isSafeInteger(page) || (page as number) < 1) return null;
    if (direction !== 'a' && direction !== 'b') return null;
    if (typeof createdAt !== 'string' || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(createdAt)) return null;
    if (!Number.isSafeInteger(id) || (id as number) < 1) return null;
    return { page: page as number, direction: direction === 'a' ? 'after' : 'before', created_at: createdAt, id: id as number };
  } catch {
    return null;
  }
}

/** Where the history screen starts a page: a cursor from the previous answer, or a page number (offset, for old links). */
export type HistoryPosition = { cursor: HistoryCursor } | { page: number };

export interface LedgerHistoryService {
  /** Whether the account is the user's (the account filter's check: one indexed read, not the accounts' bodies). */
  ownsAccount(userId: number, accountId: number): Promise<boolean>;
  page(userId: number, filter: HistoryFilter, at: HistoryPosition, perPage: number): Promise<HistoryPage>;
  /** Every matching entry, newest first, in batches (for the CSV export). */
  all(userId: number, filter: HistoryFilter): AsyncGenerator<LedgerEntry[]>;
  /** The staff queue: deposits and withdrawals of every client, by status (default pending), oldest first. */
  requests(status: LedgerStatus, page: number, perPage: number): Promise<Paged<WalletRequest>>;
}

const EXPORT_BATCH = 1000;
/** Totals of date ranges kept, one per user and filter; each stands while the user's ledger version does. */
const TOTALS_CACHED = 10_000;

export function createLedgerHistoryService({ db }: { db: Db; clock: Clock }): LedgerHistoryService {
  const totals = new LRUCache<string, { version: number; total: number }>({ max: TOTALS_CACHED });

  /**
   * The number of matching entries. Without dates it is a sum over the user's `ledger_counts`
   * (kept by 0032's triggers, exact after every write); a date range is counted over its dates,
   * again only when the user's ledger changed (0029's version).
   */
  async function totalOf(userId: number, filter: HistoryFilter): Promise<number> {
    if (!filter.from && !filter.to) {
      const { total } = await db
        .selectFrom('ledger_counts')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('entries'), eb.lit(0)).as('total'))
        .where('user_id', '=', userId)
        .$if(filter.accountId !== undefined, (q) => q.where('account_id', '=', filter.accountId!))
        .$if(filter.kind !== undefined, (q) => q.where('kind', '=', filter.kind!))
        .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status!))
        .executeTakeFirstOrThrow();
      return Number(total);
    }
    const key = `${userId}|${filter.accountId ?? ''}|${filter.kind ?? ''}|${filter.status ?? ''}|${filter.from ?? ''}|${filter.to ?? ''}`;
    const row = await db.selectFrom('ledger_versions').select('version').where('user_id', '=', userId).executeTakeFirst();
    const version = Number(row?.version ?? 0);
    const cached = totals.get(key);
    if (cached && cached.version === version) return cached.total;
    const { total } = await filtered(
      db.selectFrom('ledger_entries as e').select((eb) => eb.fn.countAll<number>().as('total')).where('e.user_id', '=', userId),
      filter,
    ).executeTakeFirstOrThrow();
    totals.set(key, { version, total: Number(total) });
    return Number(total);
  }

  const own = (userId: number, filter: HistoryFilter) => filtered(entryQuery(db).where('e.user_id', '=', userId), filter);

  /** Up to `limit` entries from the top, or from a cursor on (newest first either way). */
  async function newestFirst(userId: number, filter: HistoryFilter, limit: number, after?: HistoryCursor, offset = 0) {
    let query = own(userId, filter);
    if (after) query = query.where((eb) => eb(eb.refTuple('e.created_at', 'e.id'), '<', eb.tuple(after.created_at, after.id)));
    return query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).$if(offset > 0, (q) => q.offset(offset)).execute();
  }

  /** Up to `limit` entries just newer than a cursor, oldest first. */
  function newerThan(userId: number, filter: HistoryFilter, before: HistoryCursor, limit: number) {
    return own(userId, filter)
      .where((eb) => eb(eb.refTuple('e.created_at', 'e.id'), '>', eb.tuple(before.created_at, before.id)))
      .orderBy('e.created_at', 'asc')
      .orderBy('e.id', 'asc')
      .limit(limit)
      .execute();
  }

  return {
    async ownsAccount(userId, accountId) {
      const row = await db.selectFrom('trading_accounts').select('id').where('id', '=', accountId).where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },

    async page(userId, filter, at, perPage) {
      const total = totalOf(userId, filter);
      let page: number;
      let rows: EntryRow[];
      let hasPrevious: boolean;
      let hasNext: boolean;
      const above = 'cursor' in at && at.cursor.direction === 'before' ? await newerThan(userId, filter, at.cursor, perPage + 1) : null;
      if ('cursor' in at && above && above.length >= perPage) {
        // The page above a cursor: read upwards with one extra to see whether more are above; the cursor's entry follows.
        hasPrevious = above.length > perPage;
        rows = above.slice(0, perPage).reverse();
        page = hasPrevious ? Math.max(2, at.cursor.page) : 1;
        hasNext = true;
      } else {
        // From the top (also when less than a page is above a cursor: entries added since come in), a cursor down, or an offset.
        const after = 'cursor' in at && !above ? at.cursor : undefined;
        page = 'page' in at ? at.page : above ? 1 : at.cursor.page;
        const read = await newestFirst(userId, filter, perPage + 1, after, 'page' in at ? (at.page - 1) * perPage : 0);
        hasPrevious = page > 1;
        hasNext = read.length > perPage;
        rows = read.slice(0, perPage);
      }
      const count = await total;
      const first = rows[0];
      const last = rows.at(-1);
      return {
        data: rows.map(toEntryBody),
        meta: { current_page: page, per_page: perPage, total: count, last_page: Math.max(1, Math.ceil(count / perPage), page + (hasNext ? 1 : 0)) },
        cursors: {
          previous: hasPrevious && first ? encodeCursor({ page: page - 1, direction: 'before', created_at: first.created_at, id: first.id }) : null,
          next: hasNext && last ? encodeCursor({ page: page + 1, direction: 'after', created_at: last.created_at, id: last.id }) : null,
        },
      };
    },

    async *all(userId, filter) {
      // Keyset batches (created_at, id), so a long export never re-reads what it has sent.
      let after: { created_at: string; id: number } | null = null;
      for (;;) {
        let query = filtered(entryQuery(db).where('e.user_id', '=', userId), filter);
        if (after) {
          const { created_at, id } = after;
          query = query.where((eb) => eb.or([eb('e.created_at', '<', created_at), eb.and([eb('e.created_at', '=', created_at), eb('e.id', '<', id)])]));
        }
        const rows = await query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(EXPORT_BATCH).execute();
        if (rows.length === 0) return;
        yield rows.map(toEntryBody);
        if (rows.length < EXPORT_BATCH) return;
        const last = rows.at(-1)!;
        after = { created_at: last.created_at, id: last.id };
      }
    },

    async requests(status, page, perPage) {
      // A pending entry with a decision is in flight to the platform (approved, or a demo request): not staff's to decide.
      const waiting = status === 'pending';
      const base = db
        .selectFrom('ledger_entries as e')
        .where('e.kind', 'in', ['deposit', 'withdrawal'])
        .where('e.status', '=', status)
        .$if(waiting, (q) => q.where('e.decided_at', 'is', null));
      const rows = await entryQuery(db)
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .select(['u.id as client_id', 'u.first_name', 'u.second_name', 'u.email', 'a.type as account_type'])
        .where('e.kind', 'in', ['deposit', 'withdrawal'])
        .where('e.status', '=', status)
        .$if(waiting, (q) => q.where('e.decided_at', 'is', null))
        // Pending: oldest first (a queue); decided: newest first.
        .orderBy('e.created_at', status === 'pending' ? 'asc' : 'desc')
        .orderBy('e.id', status === 'pending' ? 'asc' : 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const count = Number(total);
      return {
        data: rows.map(({ client_id, first_name, second_name, email, account_type, ...entry }) => ({
          ...toEntryBody(entry),
          client: { id: client_id, name: `${first_name} ${second_name}`, email },
          account_type,
        })),
        meta: { current_page: page, per_page: perPage, total: count, last_page: Math.max(1, Math.ceil(count / perPage)) },
      };
    },
  };
}
