import type { LedgerEntry, LedgerKind, LedgerStatus, Paged, WalletRequest } from '../../contract/trading.ts';
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

export interface LedgerHistoryService {
  page(userId: number, filter: HistoryFilter, page: number, perPage: number): Promise<Paged<LedgerEntry>>;
  /** Every matching entry, newest first, in batches (for the CSV export). */
  all(userId: number, filter: HistoryFilter): AsyncGenerator<LedgerEntry[]>;
  /** The staff queue: deposits and withdrawals of every client, by status (default pending), oldest first. */
  requests(status: LedgerStatus, page: number, perPage: number): Promise<Paged<WalletRequest>>;
}

const EXPORT_BATCH = 1000;

export function createLedgerHistoryService({ db }: { db: Db; clock: Clock }): LedgerHistoryService {
  return {
    async page(userId, filter, page, perPage) {
      const rows = await filtered(entryQuery(db).where('e.user_id', '=', userId), filter)
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      const { total } = await filtered(
        db.selectFrom('ledger_entries as e').select((eb) => eb.fn.countAll<number>().as('total')).where('e.user_id', '=', userId),
        filter,
      ).executeTakeFirstOrThrow();
      const count = Number(total);
      return {
        data: rows.map(toEntryBody),
        meta: { current_page: page, per_page: perPage, total: count, last_page: Math.max(1, Math.ceil(count / perPage)) },
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
