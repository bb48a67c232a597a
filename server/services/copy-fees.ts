import type { FeeKind, FeePeriod, FeeTrigger } from '../../contract/investing.ts';
import type { Db } from '../db/schema.ts';
import { PlatformError, type TradingPlatform } from '../platform/port.ts';
import { recomputeBalance } from './balances.ts';
import type { Clock } from './clock.ts';
import { referenceFor } from './references.ts';
import { fail } from './rule-error.ts';
import { forUpdate } from './transactions.ts';

const DAY_MS = 86_400_000;

/** Management fee for `days` on `equity` at `bps` (percent × 100) a year: rounded down, the investor never pays a fraction more. */
export function managementFee(equity: number, bps: number, days: number): number {
  if (equity <= 0 || bps <= 0 || days <= 0) return 0;
  return Math.floor((equity * bps * days) / (10_000 * 365));
}

/** Performance fee: a share of the profit above the high-water mark, rounded down. */
export function performanceFee(equity: number, highWaterMark: number, bps: number): number {
  if (bps <= 0 || equity <= highWaterMark) return 0;
  return Math.floor(((equity - highWaterMark) * bps) / 10_000);
}

/** The high-water mark after a withdrawal of `amount` from `equity`: it falls in proportion, so the money taken out is neither profit nor loss. */
export function markAfterWithdrawal(highWaterMark: number, equity: number, amount: number): number {
  if (equity <= 0) return 0;
  return Math.max(0, Math.floor((highWaterMark * Math.max(0, equity - amount)) / equity));
}

/** Whole UTC days from `from` (YYYY-MM-DD) to `to`'s day. */
export function daysBetween(from: string, to: Date): number {
  return Math.max(0, Math.floor((Date.parse(to.toISOString().slice(0, 10)) - Date.parse(from)) / DAY_MS));
}

/** When a performance-fee period that began at `start` ends. */
export function periodEnd(start: string, period: FeePeriod): Date {
  const at = new Date(start);
  if (period === 'weekly') return new Date(at.getTime() + 7 * DAY_MS);
  const next = new Date(at);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export interface FeeLineDraft {
  kind: FeeKind;
  amount: number;
  equity: number;
  high_water_mark: number | null;
  rate_bps: number;
  days: number | null;
  period_start: string;
  period_end: string;
}

export interface SettlementInput {
  equity: number;
  highWaterMark: number;
  managementBps: number;
  performanceBps: number;
  accruedTo: string;
  periodStart: string;
  feePeriod: FeePeriod;
  now: Date;
  trigger: FeeTrigger;
}

/**
 * The fee lines due now, with their inputs, and the high-water mark after them. The management fee
 * for the days not yet accrued, on the equity as it is now; the performance fee when the period has
 * ended or money is leaving (a withdrawal, an unsubscribe), on the equity after the management fee.
 * A performance line is written even when it is 0 (equity under the mark), so the investor sees why.
 */
export function feesDue(input: SettlementInput): { lines: FeeLineDraft[]; highWaterMark: number; periodOver: boolean } {
  const lines: FeeLineDraft[] = [];
  const now = input.now.toISOString();
  const days = daysBetween(input.accruedTo, input.now);
  let equity = input.equity;
  if (days > 0 && input.managementBps > 0) {
    const amount = managementFee(equity, input.managementBps, days);
    lines.push({ kind: 'management', amount, equity, high_water_mark: null, rate_bps: input.managementBps, days, period_start: input.accruedTo, period_end: now.slice(0, 10) });
    equity -= amount;
  }
  const periodOver = periodEnd(input.periodStart, input.feePeriod).getTime() <= input.now.getTime();
  let mark = input.highWaterMark;
  if (input.trigger !== 'daily' || periodOver) {
    const amount = performanceFee(equity, mark, input.performanceBps);
    lines.push({ kind: 'performance', amount, equity, high_water_mark: mark, rate_bps: input.performanceBps, days: null, period_start: input.periodStart, period_end: now });
    mark = Math.max(mark, equity - amount);
  }
  return { lines, highWaterMark: mark, periodOver };
}

export interface FeeSettlementDeps {
  db: Db;
  clock: Clock;
  platform: TradingPlatform;
}

interface SettlingRow {
  id: number;
  version: number;
  copy_account_id: number;
  copy_login: string;
  provider_user_id: number;
  provider_account_id: number;
  provider_login: string;
  currency_id: number;
  follower_user_id: number;
}

/**
 * Settles the fees due on a subscription: computes the lines from the copy account's equity now,
 * writes them with their ledger entries (a transfer from the copy account to the provider's account,
 * one per line with money, its reference deterministic in the subscription's version so a retry
 * books once), books both balance deals on the platform, then completes the entries. The
 * subscription's `version` is the compare-and-set: of two settlements at once exactly one writes;
 * the other finds nothing more due. A debit the platform refuses (the copy account's free margin)
 * undoes the settlement and answers `insufficient_funds`.
 */
export function createFeeSettlement({ db, clock, platform }: FeeSettlementDeps) {
  async function rowOf(subscriptionId: number): Promise<SettlingRow> {
    const row = await db
      .selectFrom('copy_subscriptions as s')
      .innerJoin('strategies as st', 'st.id', 's.strategy_id')
      .innerJoin('trading_accounts as ca', 'ca.id', 's.copy_account_id')
      .innerJoin('trading_accounts as pa', 'pa.id', 'st.account_id')
      .select([
        's.id',
        's.version',
        's.copy_account_id',
        'ca.number as copy_login',
        'st.user_id as provider_user_id',
        'pa.id as provider_account_id',
        'pa.number as provider_login',
        'ca.currency_id',
        's.user_id as follower_user_id',
      ])
      .where('s.id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    return row;
  }

  async function settle(subscriptionId: number, trigger: FeeTrigger): Promise<number> {
    const row = await rowOf(subscriptionId);
    const state = await platform.state(row.copy_login);
    const now = clock();
    const at = now.toISOString();
    type Written = { lines: Array<FeeLineDraft & { reference: string; entryOut: number | null; entryIn: number | null }>; previous: { high_water_mark: number; accrued_to: string; period_start: string; fees_paid: number } };
    const written = await db.transaction().execute(async (trx): Promise<Written | null> => {
      const sub = await forUpdate(trx, trx.selectFrom('copy_subscriptions').selectAll().where('id', '=', subscriptionId)).executeTakeFirstOrThrow();
      if (sub.version !== row.version) return null;
      const strategy = await trx.selectFrom('strategies').selectAll().where('id', '=', sub.strategy_id).executeTakeFirstOrThrow();
      const due = feesDue({
        equity: state.equity,
        highWaterMark: Number(sub.high_water_mark),
        managementBps: strategy.management_fee_bps,
        performanceBps: strategy.performance_fee_bps,
        accruedTo: sub.accrued_to,
        periodStart: sub.period_start,
        feePeriod: strategy.fee_period,
        now,
        trigger,
      });
      if (due.lines.length === 0) return null;
      const lines: Written['lines'] = [];
      for (const line of due.lines) {
        const reference = referenceFor('transfer_out', row.follower_user_id, `copy-fee:${sub.id}:${sub.version}:${line.kind}`);
        let entryOut: number | null = null;
        let entryIn: number | null = null;
        if (line.amount > 0) {
          const base = { currency_id: row.currency_id, status: 'pending' as const, reference, created_at: at, decided_at: at, decided_by: null };
          entryOut = (
            await trx
              .insertInto('ledger_entries')
              .values({ ...base, user_id: row.follower_user_id, account_id: row.copy_account_id, kind: 'transfer_out', amount: -line.amount, counterparty_account_id: row.provider_account_id })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
          entryIn = (
            await trx
              .insertInto('ledger_entries')
              .values({ ...base, user_id: row.provider_user_id, account_id: row.provider_account_id, kind: 'transfer_in', amount: line.amount, counterparty_account_id: row.copy_account_id })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        }
        await trx
          .insertInto('copy_fees')
          .values({ subscription_id: sub.id, ...line, trigger: line.kind === 'performance' && trigger === 'daily' ? 'period_end' : trigger, reference, created_at: at })
          .execute();
        lines.push({ ...line, reference, entryOut, entryIn });
      }
      const paid = due.lines.reduce((sum, l) => sum + l.amount, 0);
      const performed = due.lines.some((l) => l.kind === 'performance');
      await trx
        .updateTable('copy_subscriptions')
        .set({
          version: sub.version + 1,
          high_water_mark: due.highWaterMark,
          accrued_to: at.slice(0, 10),
          // A new performance period starts when one was settled at its end; a settlement before money leaves keeps the period's start.
          period_start: performed && due.periodOver ? at : sub.period_start,
          fees_paid: Number(sub.fees_paid) + paid,
          updated_at: at,
        })
        .where('id', '=', sub.id)
        .execute();
      return { lines, previous: { high_water_mark: Number(sub.high_water_mark), accrued_to: sub.accrued_to, period_start: sub.period_start, fees_paid: Number(sub.fees_paid) } };
    });
    if (!written) return 0;

    const moving = written.lines.filter((l) => l.amount > 0);
    for (const [index, line] of moving.entries()) {
      let debit: number;
      try {
        debit = (await platform.balance({ login: row.copy_login, kind: 'transfer_out', amount: -line.amount, reference: line.reference })).ticket;
      } catch (error) {
        // Only the first debit can be refused before anything moved: the whole settlement is undone.
        if (index === 0 && error instanceof PlatformError && error.code === 'no_money') {
          await undo(subscriptionId, row.version, written);
          fail('amount', 'insufficient_funds');
        }
        throw error;
      }
      const credit = (await platform.balance({ login: row.provider_login, kind: 'transfer_in', amount: line.amount, reference: line.reference })).ticket;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('ledger_entries').set({ status: 'completed', platform_ticket: debit }).where('id', '=', line.entryOut!).execute();
        await trx.updateTable('ledger_entries').set({ status: 'completed', platform_ticket: credit }).where('id', '=', line.entryIn!).execute();
      });
    }
    if (moving.length > 0) {
      const states = await platform.states([row.copy_login, row.provider_login]);
      await db.transaction().execute(async (trx) => {
        await recomputeBalance(trx, row.copy_account_id, clock().toISOString(), states.get(row.copy_login) ?? null);
        await recomputeBalance(trx, row.provider_account_id, clock().toISOString(), states.get(row.provider_login) ?? null);
      });
    }
    return moving.reduce((sum, l) => sum + l.amount, 0);
  }

  async function undo(subscriptionId: number, version: number, written: { lines: Array<{ reference: string; entryOut: number | null; entryIn: number | null }>; previous: { high_water_mark: number; accrued_to: string; period_start: string; fees_paid: number } }) {
    await db.transaction().execute(async (trx) => {
      const ids = written.lines.flatMap((l) => [l.entryOut, l.entryIn]).filter((id): id is number => id !== null);
      if (ids.length > 0) await trx.deleteFrom('ledger_entries').where('id', 'in', ids).execute();
      await trx.deleteFrom('copy_fees').where('reference', 'in', written.lines.map((l) => l.reference)).execute();
      await trx
        .updateTable('copy_subscriptions')
        .set({ ...written.previous, version })
        .where('id', '=', subscriptionId)
        .where('version', '=', version + 1)
        .execute();
    });
  }

  return { settle };
}

export type FeeSettlement = ReturnType<typeof createFeeSettlement>;
