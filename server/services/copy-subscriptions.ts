import { createHash } from 'node:crypto';
import {
  COPIED_TRADES_SHOWN,
  type CopiedTrade,
  type CopySubscriptionDetails,
  type CopySubscriptionState,
  type CopySubscriptionSummary,
  type FeeLine,
  stopLossFloor,
} from '../../contract/investing.ts';
import type { stopLossBodySchema, SubscribeBody } from '../../contract/investing.schema.ts';
import { minorToDecimal, parseAmount } from '../../contract/money.ts';
import type { z } from 'zod';
import { copySubscriptionMachine, type CopySubscriptionEvent } from '../../machines/copy-subscription/copy-subscription.machine.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Db } from '../db/schema.ts';
import { PlatformError, type TradingPlatform } from '../platform/port.ts';
import type { Clock } from './clock.ts';
import { markAfterWithdrawal, periodEnd, type FeeSettlement } from './copy-fees.ts';
import { type Answer, fingerprint, onceAround } from './idempotency.ts';
import { type LifecycleActor, type LifecycleDefinition, type Lifecycles, nextState, TransitionRefused } from './lifecycle.ts';
import { onPlatform } from './platform-errors.ts';
import { RuleError, type RuleFailure } from './rule-error.ts';
import { NotFoundError } from './service-errors.ts';
import { feePlan } from './strategies.ts';
import { forUpdate } from './transactions.ts';
import type { WalletService } from './wallet.ts';

/** Subscriptions: their machine, stored in `copy_subscriptions.state` (docs/adr/0082, 0093). */
export const copySubscriptionLifecycle = {
  kind: 'copy_subscription',
  machine: copySubscriptionMachine,
  table: 'copy_subscriptions',
  column: 'state',
} as const satisfies LifecycleDefinition<typeof copySubscriptionMachine>;

const SYSTEM: LifecycleActor = { id: null, role: 'system' };
const client = (userId: number): LifecycleActor => ({ id: userId, role: 'client' });

export type StopLossBody = z.output<typeof stopLossBodySchema>;

/** Told to the follower when the stop-loss paused their subscription (notifications, in their language). */
export type StopLossNotice = (notice: { userId: number; subscriptionId: number; strategy: string; equity: number; floor: number; currency: string; precision: number }) => Promise<void>;

export interface CopySubscriptionService {
  subscribe(userId: number, strategyId: number, body: SubscribeBody, key: string): Promise<Answer<CopySubscriptionDetails>>;
  list(userId: number): Promise<CopySubscriptionSummary[]>;
  details(userId: number, id: number): Promise<CopySubscriptionDetails>;
  setStopLoss(userId: number, id: number, stopLoss: StopLossBody | null): Promise<CopySubscriptionDetails>;
  pause(userId: number, id: number): Promise<CopySubscriptionDetails>;
  resume(userId: number, id: number): Promise<CopySubscriptionDetails>;
  addFunds(userId: number, id: number, body: { amount: unknown; account_id?: number | undefined }, key: string): Promise<Answer<CopySubscriptionDetails>>;
  withdraw(userId: number, id: number, body: { amount: unknown; account_id?: number | undefined }, key: string): Promise<Answer<CopySubscriptionDetails>>;
  unsubscribe(userId: number, id: number, key: string): Promise<Answer<CopySubscriptionDetails>>;
  /** Fires the stop-loss when the copy account's equity is at or below its floor (after copies, on account updates). */
  checkStopLoss(subscriptionId: number, equity?: number): Promise<boolean>;
  /** The subscription whose copy account is `login`, with a stop-loss set and copying or paused by the follower, or null. */
  guardedBy(login: string): Promise<number | null>;
  /** The daily job: accrues management fees, settles performance fees at each period's end, finishes unsubscribes left closing. */
  settleDue(): Promise<number>;
}

export interface CopySubscriptionDeps {
  db: Db;
  clock: Clock;
  platform: TradingPlatform;
  lifecycles: Lifecycles;
  wallet: WalletService;
  fees: FeeSettlement;
  notifyStopLoss?: StopLossNotice;
  /** After money moved (leaderboard figures change). */
  changed?: (strategyId: number) => void;
  log?: { error(obj: object, msg: string): void };
}

type SubRow = Awaited<ReturnType<typeof subQuery>>[number];

function subQuery(db: Db, where: { id?: number; userId?: number; copyLogin?: string; states?: CopySubscriptionState[] }) {
  return db
    .selectFrom('copy_subscriptions as s')
    .innerJoin('strategies as st', 'st.id', 's.strategy_id')
    .innerJoin('users as p', 'p.id', 'st.user_id')
    .innerJoin('trading_accounts as ca', 'ca.id', 's.copy_account_id')
    .innerJoin('currencies as c', 'c.id', 'ca.currency_id')
    .selectAll('s')
    .select([
      'st.name as strategy_name',
      'st.performance_fee_bps',
      'st.management_fee_bps',
      'st.min_investment',
      'st.fee_period',
      'p.first_name',
      'p.second_name',
      'ca.number as copy_login',
      'c.code as currency_code',
      'c.precision as currency_precision',
    ])
    .$if(where.id !== undefined, (q) => q.where('s.id', '=', where.id!))
    .$if(where.userId !== undefined, (q) => q.where('s.user_id', '=', where.userId!))
    .$if(where.copyLogin !== undefined, (q) => q.where('ca.number', '=', where.copyLogin!))
    .$if(where.states !== undefined, (q) => q.where('s.state', 'in', where.states!))
    .orderBy('s.id', 'desc')
    .execute();
}

const stopLossOf = (row: Pick<SubRow, 'stop_loss_kind' | 'stop_loss_value' | 'invested'>) =>
  row.stop_loss_kind === null || row.stop_loss_value === null
    ? null
    : { kind: row.stop_loss_kind, value: row.stop_loss_kind === 'percent' ? Number(row.stop_loss_value) / 100 : Number(row.stop_loss_value) };

/** A key of our own for a money step inside a request's key (the wallet claims keys of its own). */
const innerKey = (subscriptionId: number, step: string, key: string) => `copy:${subscriptionId}:${step}:${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/** The wallet names its fields `from_account_id`/`to_account_id`; the follower's request names `account_id`. */
function renamed(error: unknown): unknown {
  if (!(error instanceof RuleError)) return error;
  return new RuleError(error.failures.map((f) => (f.field === 'from_account_id' || f.field === 'to_account_id' ? { ...f, field: 'account_id' } : f)));
}

export function createCopySubscriptionService({ db, clock, platform, lifecycles, wallet, fees, notifyStopLoss, changed, log }: CopySubscriptionDeps): CopySubscriptionService {
  async function own(userId: number, id: number): Promise<SubRow> {
    const [row] = await subQuery(db, { id, userId });
    if (!row) throw new NotFoundError('subscription');
    return row;
  }
  const fresh = async (id: number) => (await subQuery(db, { id }))[0]!;

  async function summaryOf(row: SubRow): Promise<CopySubscriptionSummary> {
    const state = await platform.state(row.copy_login).catch(() => null);
    const invested = Number(row.invested);
    const stop = stopLossOf(row);
    const floor = stopLossFloor(stop, invested);
    const equity = state?.equity ?? 0;
    return {
      id: row.id,
      strategy: { id: row.strategy_id, name: row.strategy_name, provider: `${row.first_name} ${row.second_name.slice(0, 1)}.` },
      state: row.state,
      currency: { code: row.currency_code, precision: row.currency_precision },
      copy_account: { id: row.copy_account_id, number: row.copy_login },
      source_account_id: row.source_account_id,
      invested,
      balance: state?.balance ?? 0,
      equity,
      free_margin: state ? Math.max(0, Math.min(state.balance, state.free_margin)) : 0,
      profit: row.state === 'closed' ? 0 : equity - invested,
      fees_paid: Number(row.fees_paid),
      high_water_mark: Number(row.high_water_mark),
      stop_loss: stop && floor !== null ? { ...stop, floor } : null,
      created_at: row.created_at,
      closed_at: row.closed_at,
    };
  }

  async function detailsOf(row: SubRow): Promise<CopySubscriptionDetails> {
    const [summary, trades, feeRows, timeline] = await Promise.all([
      summaryOf(row),
      db.selectFrom('copied_trades').selectAll().where('subscription_id', '=', row.id).where('status', '<>', 'pending').orderBy('id', 'desc').limit(COPIED_TRADES_SHOWN).execute(),
      db.selectFrom('copy_fees').selectAll().where('subscription_id', '=', row.id).orderBy('id', 'desc').execute(),
      lifecycles.timeline(db, copySubscriptionLifecycle, row.id),
    ]);
    return {
      ...summary,
      fee_plan: feePlan(row),
      trades: trades.map(
        (t): CopiedTrade => ({
          id: t.id,
          action: t.action,
          status: t.status === 'skipped' ? 'skipped' : 'copied',
          reason: t.reason,
          symbol: t.symbol,
          side: t.side,
          strategy_ticket: Number(t.strategy_ticket),
          strategy_volume: t.strategy_volume,
          follower_ticket: t.follower_ticket === null ? null : Number(t.follower_ticket),
          volume: t.volume,
          strategy_equity: Number(t.strategy_equity),
          follower_equity: Number(t.follower_equity),
          price: t.price,
          profit: t.profit === null ? null : Number(t.profit),
          at: t.created_at,
        }),
      ),
      fees: feeRows.map(
        (f): FeeLine => ({
          id: f.id,
          kind: f.kind,
          trigger: f.trigger,
          amount: Number(f.amount),
          equity: Number(f.equity),
          high_water_mark: f.high_water_mark === null ? null : Number(f.high_water_mark),
          rate_percent: f.rate_bps / 100,
          days: f.days,
          period_start: f.period_start,
          period_end: f.period_end,
          reference: f.reference,
          at: f.created_at,
        }),
      ),
      timeline: timeline.steps,
    };
  }

  /** Asks the machine before acting (409 when it refuses in the stored state). */
  function allowed(row: SubRow, event: CopySubscriptionEvent): void {
    if (nextState(copySubscriptionMachine, row.state, event) === null) throw new TransitionRefused('copy_subscription', row.id, row.state, event.type);
  }

  function parsedAmount(amount: unknown, precision: number, currency: string, field = 'amount'): number {
    const parsed = parseAmount(amount, precision);
    if (parsed.ok) return parsed.minor;
    const failure: RuleFailure =
      parsed.problem === 'decimal'
        ? { field, rule: 'decimal', limit: precision }
        : parsed.problem === 'max'
          ? { field, rule: 'max_amount', money: { minor: 10_000_000 * 10 ** precision, currency, precision } }
          : { field, rule: parsed.problem };
    throw new RuleError([failure]);
  }

  function stopLossValue(stopLoss: StopLossBody, precision: number, currency: string): { kind: 'money' | 'percent'; stored: number } {
    if (stopLoss.kind === 'percent') return { kind: 'percent', stored: Math.round(stopLoss.value * 100) };
    return { kind: 'money', stored: parsedAmount(stopLoss.value, precision, currency, 'stop_loss.value') };
  }

  /** Closes every position of the copy account; those it cannot close now (a closed market) stay, and the answer says how many. */
  async function closeAll(login: string): Promise<number> {
    let left = 0;
    for (const position of await platform.positions(login)) {
      try {
        await platform.closePosition(login, position.ticket);
      } catch (error) {
        if (error instanceof PlatformError && error.code === 'not_found') continue;
        left++;
      }
    }
    return left;
  }

  /** The rest of an unsubscribe, safe to run again: positions closed, fees settled, every unit of money back, closed. */
  async function finishClosing(id: number): Promise<void> {
    const row = await fresh(id);
    if (row.state !== 'closing') return;
    if ((await closeAll(row.copy_login)) > 0) return;
    await fees.settle(id, 'unsubscribe');
    const state = await platform.state(row.copy_login);
    const rest = Math.min(state.balance, state.free_margin);
    if (rest > 0) {
      await wallet
        .transfer(row.user_id, { from_account_id: row.copy_account_id, to_account_id: row.source_account_id, amount: minorToDecimal(rest, row.currency_precision) }, `copy:${id}:return`)
        .catch((error: unknown) => {
          throw renamed(error);
        });
    }
    await db.transaction().execute(async (trx) => {
      await lifecycles.transition(trx, copySubscriptionLifecycle, {
        id,
        from: 'closing',
        event: { type: 'subscription.closed' },
        actor: SYSTEM,
        set: { closed_at: clock().toISOString(), invested: 0, updated_at: clock().toISOString() },
      });
      await trx.updateTable('trading_accounts').set({ status: 'archived', updated_at: clock().toISOString() }).where('id', '=', row.copy_account_id).execute();
    });
    await platform.archive(row.copy_login).catch((err: unknown) => log?.error({ err, login: row.copy_login }, 'copy trading: the emptied copy account was not archived'));
    changed?.(row.strategy_id);
  }

  async function openCopyAccount(userId: number, source: { type: 'live' | 'demo'; currency_id: number; code: string; precision: number; leverage: number }, strategyName: string): Promise<string> {
    const user = await db.selectFrom('users').select(['first_name', 'second_name']).where('id', '=', userId).executeTakeFirstOrThrow();
    const { login } = await onPlatform(() =>
      platform.openAccount({ group: source.type, currency: source.code, precision: source.precision, leverage: source.leverage, name: `${user.first_name} ${user.second_name} (copy: ${strategyName})` }),
    );
    return login;
  }

  async function subscribeOnce(userId: number, strategyId: number, body: SubscribeBody): Promise<{ status: number; body: CopySubscriptionDetails }> {
    const strategy = await db
      .selectFrom('strategies as s')
      .innerJoin('trading_accounts as a', 'a.id', 's.account_id')
      .innerJoin('currencies as c', 'c.id', 'a.currency_id')
      .select(['s.id', 's.user_id', 's.name', 's.visibility', 's.invitation_code', 's.min_investment', 's.hidden', 'a.type', 'a.currency_id', 'a.leverage', 'c.code', 'c.precision'])
      .where('s.id', '=', strategyId)
      .executeTakeFirst();
    if (!strategy || strategy.hidden === 1) throw new NotFoundError('strategy');
    const failures: RuleFailure[] = [];
    if (strategy.user_id === userId) throw new RuleError([{ field: 'strategy', rule: 'own_strategy' }]);
    if (strategy.visibility === 'invitation' && (body.invitation_code ?? '').toUpperCase() !== strategy.invitation_code) failures.push({ field: 'invitation_code', rule: 'invitation_code' });
    const source = await db
      .selectFrom('trading_accounts')
      .select(['id', 'status', 'type', 'currency_id'])
      .where('id', '=', body.account_id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const isCopy = source ? await db.selectFrom('copy_subscriptions').select('id').where('copy_account_id', '=', source.id).executeTakeFirst() : undefined;
    if (!source) failures.push({ field: 'account_id', rule: 'exists' });
    else if (source.status !== 'active') failures.push({ field: 'account_id', rule: 'archived' });
    else if (isCopy) failures.push({ field: 'account_id', rule: 'strategy_account_taken' });
    else if (source.currency_id !== strategy.currency_id) failures.push({ field: 'account_id', rule: 'same_currency' });
    else if (source.type !== strategy.type) failures.push({ field: 'account_id', rule: 'same_account_type' });
    let amount = 0;
    try {
      amount = parsedAmount(body.amount, strategy.precision, strategy.code);
      if (amount < Number(strategy.min_investment)) {
        failures.push({ field: 'amount', rule: 'min_investment', money: { minor: Number(strategy.min_investment), currency: strategy.code, precision: strategy.precision } });
      }
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      failures.push(...error.failures);
    }
    const stop = body.stop_loss ? stopLossValue(body.stop_loss, strategy.precision, strategy.code) : null;
    if (failures.length > 0 || !source) throw new RuleError(failures);
    const open = await db.selectFrom('copy_subscriptions').select('id').where('strategy_id', '=', strategyId).where('user_id', '=', userId).where('state', '<>', 'closed').executeTakeFirst();
    if (open) throw new RuleError([{ field: 'strategy', rule: 'unique' }]);

    const login = await openCopyAccount(userId, { type: strategy.type, currency_id: strategy.currency_id, code: strategy.code, precision: strategy.precision, leverage: strategy.leverage }, strategy.name);
    const now = clock().toISOString();
    let id: number;
    try {
      id = await db.transaction().execute(async (trx) => {
        const account = await trx
          .insertInto('trading_accounts')
          .values({ user_id: userId, number: login, type: strategy.type, currency_id: strategy.currency_id, leverage: strategy.leverage, status: 'active', created_at: now, updated_at: now, nickname: strategy.name.slice(0, 40) })
          .returning('id')
          .executeTakeFirstOrThrow();
        const row = await trx
          .insertInto('copy_subscriptions')
          .values({
            strategy_id: strategyId,
            user_id: userId,
            source_account_id: source.id,
            copy_account_id: account.id,
            state: 'funding',
            invested: 0,
            high_water_mark: 0,
            fees_paid: 0,
            stop_loss_kind: stop?.kind ?? null,
            stop_loss_value: stop?.stored ?? null,
            period_start: now,
            accrued_to: now.slice(0, 10),
            version: 0,
            created_at: now,
            updated_at: now,
            closed_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await lifecycles.record(trx, copySubscriptionLifecycle, row.id, client(userId), now);
        return row.id;
      });
    } catch (error) {
      // A follow with another key got there first (one open subscription per client and strategy).
      if (isUniqueViolation(error)) throw new RuleError([{ field: 'strategy', rule: 'unique' }]);
      throw error;
    }
    const copyAccountId = (await fresh(id)).copy_account_id;
    try {
      await wallet.transfer(userId, { from_account_id: source.id, to_account_id: copyAccountId, amount: minorToDecimal(amount, strategy.precision) }, `copy:${id}:fund`);
    } catch (error) {
      if (error instanceof RuleError) {
        await db.transaction().execute(async (trx) => {
          await lifecycles.transition(trx, copySubscriptionLifecycle, {
            id,
            from: 'funding',
            event: { type: 'subscription.funding_failed', reason: error.failures[0]?.rule ?? 'refused' },
            actor: SYSTEM,
            set: { closed_at: clock().toISOString() },
          });
          await trx.updateTable('trading_accounts').set({ status: 'archived' }).where('id', '=', copyAccountId).execute();
        });
        throw renamed(error);
      }
      // Unreachable platform: left funding; a retry with the same key finds the stored answer or runs again.
      throw error;
    }
    await db.transaction().execute((trx) =>
      lifecycles.transition(trx, copySubscriptionLifecycle, {
        id,
        from: 'funding',
        event: { type: 'subscription.funded' },
        actor: SYSTEM,
        set: { invested: amount, high_water_mark: amount, updated_at: clock().toISOString() },
      }),
    );
    changed?.(strategyId);
    return { status: 201, body: await detailsOf(await fresh(id)) };
  }

  async function moveOnce(userId: number, id: number, direction: 'add' | 'withdraw', body: { amount: unknown; account_id?: number | undefined }, key: string) {
    let row = await own(userId, id);
    const amount = parsedAmount(body.amount, row.currency_precision, row.currency_code);
    const other = body.account_id ?? row.source_account_id;
    if (direction === 'add') {
      allowed(row, { type: 'subscription.add_funds', amount });
      await wallet
        .transfer(userId, { from_account_id: other, to_account_id: row.copy_account_id, amount: minorToDecimal(amount, row.currency_precision) }, innerKey(id, 'add', key))
        .catch((error: unknown) => {
          throw renamed(error);
        });
      await db.transaction().execute(async (trx) => {
        const now = await forUpdate(trx, trx.selectFrom('copy_subscriptions').select(['state', 'invested', 'high_water_mark']).where('id', '=', id)).executeTakeFirstOrThrow();
        await lifecycles.transition(trx, copySubscriptionLifecycle, {
          id,
          from: now.state,
          event: { type: 'subscription.add_funds', amount },
          actor: client(userId),
          reason: minorToDecimal(amount, row.currency_precision),
          set: { invested: Number(now.invested) + amount, high_water_mark: Number(now.high_water_mark) + amount, updated_at: clock().toISOString() },
        });
      });
    } else {
      // Fees first: what the provider earned up to now is not the follower's to take.
      const before = await platform.state(row.copy_login);
      // More than is free now is refused before anything is settled; the fees can only lower it.
      allowed(row, { type: 'subscription.withdraw', amount, free_margin: Number.MAX_SAFE_INTEGER });
      const freeBefore = Math.max(0, Math.min(before.balance, before.free_margin));
      if (amount > freeBefore) throw new RuleError([{ field: 'amount', rule: 'insufficient_funds', money: { minor: freeBefore, currency: row.currency_code, precision: row.currency_precision } }]);
      await fees.settle(id, 'withdrawal');
      row = await fresh(id);
      const state = await platform.state(row.copy_login);
      const free = Math.max(0, Math.min(state.balance, state.free_margin));
      if (amount > free) throw new RuleError([{ field: 'amount', rule: 'insufficient_funds', money: { minor: free, currency: row.currency_code, precision: row.currency_precision } }]);
      allowed(row, { type: 'subscription.withdraw', amount, free_margin: free });
      await wallet
        .transfer(userId, { from_account_id: row.copy_account_id, to_account_id: other, amount: minorToDecimal(amount, row.currency_precision) }, innerKey(id, 'withdraw', key))
        .catch((error: unknown) => {
          throw renamed(error);
        });
      await db.transaction().execute(async (trx) => {
        const now = await forUpdate(trx, trx.selectFrom('copy_subscriptions').select(['state', 'invested', 'high_water_mark']).where('id', '=', id)).executeTakeFirstOrThrow();
        await lifecycles.transition(trx, copySubscriptionLifecycle, {
          id,
          from: now.state,
          // The money has left already: the step is recorded as it happened.
          event: { type: 'subscription.withdraw', amount, free_margin: amount },
          actor: client(userId),
          reason: minorToDecimal(amount, row.currency_precision),
          set: {
            invested: Math.max(0, Number(now.invested) - amount),
            high_water_mark: markAfterWithdrawal(Number(now.high_water_mark), state.equity, amount),
            updated_at: clock().toISOString(),
          },
        });
      });
    }
    changed?.(row.strategy_id);
    return { status: 200, body: await detailsOf(await fresh(id)) };
  }

  async function stopLossFired(row: SubRow, equity: number, floor: number): Promise<void> {
    try {
      await db.transaction().execute((trx) =>
        lifecycles.transition(trx, copySubscriptionLifecycle, { id: row.id, from: row.state, event: { type: 'subscription.stop_loss', equity, floor }, actor: SYSTEM, set: { updated_at: clock().toISOString() } }),
      );
    } catch (error) {
      // Another process fired it first, or the state moved on.
      if (error instanceof TransitionRefused) return;
      throw error;
    }
    await closeAll(row.copy_login);
    await notifyStopLoss?.({ userId: row.user_id, subscriptionId: row.id, strategy: row.strategy_name, equity, floor, currency: row.currency_code, precision: row.currency_precision }).catch((err: unknown) =>
      log?.error({ err, subscription: row.id }, 'copy trading: the stop-loss notice failed'),
    );
  }

  const service: CopySubscriptionService = {
    subscribe: (userId, strategyId, body, key) =>
      onceAround(db, clock, { userId, key, fingerprint: fingerprint('copy-subscribe', [strategyId, body]) }, () => subscribeOnce(userId, strategyId, body)),

    async list(userId) {
      return Promise.all((await subQuery(db, { userId })).map(summaryOf));
    },

    async details(userId, id) {
      return detailsOf(await own(userId, id));
    },

    async setStopLoss(userId, id, stopLoss) {
      const row = await own(userId, id);
      allowed(row, { type: 'subscription.set_stop_loss' });
      const stop = stopLoss ? stopLossValue(stopLoss, row.currency_precision, row.currency_code) : null;
      await db.transaction().execute((trx) =>
        lifecycles.transition(trx, copySubscriptionLifecycle, {
          id,
          from: row.state,
          event: { type: 'subscription.set_stop_loss' },
          actor: client(userId),
          reason: stop ? `${stop.kind}:${stop.kind === 'percent' ? stop.stored / 100 : minorToDecimal(stop.stored, row.currency_precision)}` : null,
          set: { stop_loss_kind: stop?.kind ?? null, stop_loss_value: stop?.stored ?? null, updated_at: clock().toISOString() },
        }),
      );
      await service.checkStopLoss(id);
      return detailsOf(await fresh(id));
    },

    async pause(userId, id) {
      const row = await own(userId, id);
      await db.transaction().execute((trx) => lifecycles.transition(trx, copySubscriptionLifecycle, { id, from: row.state, event: { type: 'subscription.pause' }, actor: client(userId), set: { updated_at: clock().toISOString() } }));
      return detailsOf(await fresh(id));
    },

    async resume(userId, id) {
      const row = await own(userId, id);
      const state = await platform.state(row.copy_login);
      const floor = stopLossFloor(stopLossOf(row), Number(row.invested));
      await db.transaction().execute((trx) =>
        lifecycles.transition(trx, copySubscriptionLifecycle, { id, from: row.state, event: { type: 'subscription.resume', equity: state.equity, floor }, actor: client(userId), set: { updated_at: clock().toISOString() } }),
      );
      return detailsOf(await fresh(id));
    },

    addFunds: (userId, id, body, key) => onceAround(db, clock, { userId, key, fingerprint: fingerprint('copy-add', [id, body]) }, () => moveOnce(userId, id, 'add', body, key)),
    withdraw: (userId, id, body, key) => onceAround(db, clock, { userId, key, fingerprint: fingerprint('copy-withdraw', [id, body]) }, () => moveOnce(userId, id, 'withdraw', body, key)),

    unsubscribe: (userId, id, key) =>
      onceAround(db, clock, { userId, key, fingerprint: fingerprint('copy-unsubscribe', [id]) }, async () => {
        const row = await own(userId, id);
        await db.transaction().execute((trx) =>
          lifecycles.transition(trx, copySubscriptionLifecycle, { id, from: row.state, event: { type: 'subscription.unsubscribe' }, actor: client(userId), set: { updated_at: clock().toISOString() } }),
        );
        await finishClosing(id);
        return { status: 200, body: await detailsOf(await fresh(id)) };
      }),

    async checkStopLoss(subscriptionId, equity) {
      const row = await fresh(subscriptionId);
      if (!row || (row.state !== 'active' && row.state !== 'paused_by_follower')) return false;
      const floor = stopLossFloor(stopLossOf(row), Number(row.invested));
      if (floor === null) return false;
      const now = equity ?? (await platform.state(row.copy_login)).equity;
      if (now > floor) return false;
      await stopLossFired(row, now, floor);
      return true;
    },

    async guardedBy(login) {
      const [row] = await subQuery(db, { copyLogin: login, states: ['active', 'paused_by_follower'] });
      return row && row.stop_loss_kind !== null ? row.id : null;
    },

    async settleDue() {
      const now = clock();
      const rows = await subQuery(db, { states: ['active', 'paused_by_follower', 'paused_stop_loss', 'closing'] });
      let settled = 0;
      for (const row of rows) {
        try {
          if (row.state === 'closing') {
            await finishClosing(row.id);
            continue;
          }
          if (row.accrued_to < now.toISOString().slice(0, 10) || periodEnd(row.period_start, row.fee_period).getTime() <= now.getTime()) {
            settled += await fees.settle(row.id, 'daily');
          }
        } catch (err) {
          log?.error({ err, subscription: row.id }, 'copy trading: settling fees failed');
        }
      }
      return settled;
    },
  };
  return service;
}
