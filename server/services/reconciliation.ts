import { sql } from 'kysely';
import { isMoneyDeal, type Reconciliation, type ReconciliationRow } from '../../contract/platform.ts';
import type { Db } from '../db/schema.ts';
import type { TradingPlatform } from '../platform/port.ts';
import type { Clock } from './clock.ts';
import { allDeals } from './platform-deals.ts';
import { onPlatform } from './platform-errors.ts';

export interface ReconciliationService {
  /** Every account's completed ledger against the platform's money deals; the accounts out of step. */
  run(): Promise<Reconciliation>;
}

/** Accounts checked at once: their deals are read in parallel, a batch at a time. */
const BATCH = 20;

/**
 * The ledger is the record of money movements; the platform's balance is money movements plus
 * trading. So the platform's balance less its realised trading profit (the sum of its money
 * deals: balance deals less the negative balance protection's corrections, which are trading's
 * result) must equal the sum of the completed ledger entries. A difference is drift: a deal booked
 * on the platform without an entry (or the other way round). `missing_tickets` counts completed
 * entries that never got a deal ticket.
 */
export function createReconciliationService({ db, clock, platform }: { db: Db; clock: Clock; platform: TradingPlatform }): ReconciliationService {
  return {
    async run() {
      const accounts = await db
        .selectFrom('trading_accounts as a')
        .innerJoin('currencies as c', 'c.id', 'a.currency_id')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('ledger_entries')
              .select([
                'account_id',
                sql<string | number>`sum(amount)`.as('total'),
                sql<string | number>`sum(case when platform_ticket is null then 1 else 0 end)`.as('missing'),
              ])
              .where('status', '=', 'completed')
              .groupBy('account_id')
              .as('l'),
          (join) => join.onRef('l.account_id', '=', 'a.id'),
        )
        .select(['a.id', 'a.number', 'a.created_at', 'c.code', 'c.precision', 'u.id as user_id', 'u.first_name', 'u.second_name', 'u.email', 'l.total', 'l.missing'])
        .orderBy('a.id')
        .execute();
      const checkedAt = clock();
      // A moment past now, so a deal booked this millisecond is inside the range.
      const to = new Date(checkedAt.getTime() + 1000);
      const drifted: ReconciliationRow[] = [];
      for (let i = 0; i < accounts.length; i += BATCH) {
        const batch = accounts.slice(i, i + BATCH);
        const states = await onPlatform(() => platform.states(batch.map((a) => a.number)));
        const money = await Promise.all(
          batch.map(async (a) => {
            if (!states.has(a.number)) return null;
            const deals = await allDeals(platform, a.number, new Date(0), to);
            return deals.filter(isMoneyDeal).reduce((sum, d) => sum + d.profit, 0);
          }),
        );
        batch.forEach((a, k) => {
          const ledger = Number(a.total ?? 0);
          const platformBalance = money[k] ?? 0;
          const row: ReconciliationRow = {
            account_id: a.id,
            login: a.number,
            client: { id: a.user_id, name: `${a.first_name} ${a.second_name}`, email: a.email },
            currency: a.code,
            precision: a.precision,
            ledger_balance: ledger,
            platform_balance: platformBalance,
            drift: platformBalance - ledger,
            missing_tickets: Number(a.missing ?? 0),
          };
          if (row.drift !== 0 || row.missing_tickets > 0 || money[k] === null) drifted.push(row);
        });
      }
      return { checked_at: checkedAt.toISOString(), accounts: accounts.length, drifted };
    },
  };
}

/** Default of RECONCILE_INTERVAL_MINUTES. */
export const RECONCILE_INTERVAL_MINUTES_DEFAULT = 60;
/** Entries in flight for longer than this are booked by the periodic run (wallet.ts, settleInFlight). */
export const IN_FLIGHT_GRACE_MS = 60_000;

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Every `minutes`: book entries left in flight, then reconcile, and log any drift for operators
 * (staff see the same on demand). A plain interval in each process: the run only reads, and
 * booking is idempotent per reference, so two processes running it at once do no harm. Answers
 * the stop.
 */
export function scheduleReconciliation(
  services: { reconciliation: ReconciliationService; wallet: { settleInFlight(olderThanMs: number): Promise<number> } },
  minutes: number,
  log?: Log,
): () => void {
  if (minutes <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      await services.wallet.settleInFlight(IN_FLIGHT_GRACE_MS);
      const result = await services.reconciliation.run();
      if (result.drifted.length > 0) log?.warn({ drifted: result.drifted.length, accounts: result.accounts }, 'reconciliation: ledger and platform disagree');
    })()
      .catch((err: unknown) => log?.error({ err }, 'reconciliation failed'))
      .finally(() => {
        running = false;
      });
  }, minutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
