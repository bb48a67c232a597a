import { randomInt } from 'node:crypto';
import {
  isMoneyDeal,
  MARGIN_CALL_LEVEL_DEFAULT,
  STOP_OUT_LEVEL_DEFAULT,
  type AccountDetails,
  type AccountState,
  type Bar,
  type CurvePoint,
  type Deal,
  type OrderResult,
  type PasswordKind,
  type PasswordResult,
  type PlatformInfo,
  type Position,
  type Statement,
  type Timeframe,
  type TradingStats,
  type TradingSymbol,
} from '../../contract/platform.ts';
import type { OrderBody } from '../../contract/platform.schema.ts';
import type { BalanceHistory, BalanceRange, Paged, TradingAccount } from '../../contract/trading.ts';
import type { Db } from '../db/schema.ts';
import type { Stops, TradingPlatform } from '../platform/port.ts';
import type { Clock } from './clock.ts';
import { type Answer, fingerprint, onceAround } from './idempotency.ts';
import { allDeals, balanceEffect, DAY_MS, dayEnd, dayStart } from './platform-deals.ts';
import { onPlatform, type FailureOverrides } from './platform-errors.ts';
import { fail, type RuleFailure } from './rule-error.ts';
import { NotFoundError } from './service-errors.ts';
import { tradingStats } from './trading-stats.ts';
import { accountBodies, accountQuery, type AccountRow } from './trading-accounts.ts';

/**
 * The account page's calls (ADR 0080), each for the caller's own account by its login: another
 * client's login, or one that does not exist, is NotFoundError (404), never "forbidden", so that
 * logins cannot be probed. The platform's refusals become translated 422s on the request's field.
 */
export interface PlatformAccountService {
  info(): Promise<PlatformInfo>;
  bars(symbol: TradingSymbol, timeframe: Timeframe, limit: number): Promise<Bar[]>;
  details(userId: number, login: string): Promise<AccountDetails>;
  rename(userId: number, login: string, nickname: string | null): Promise<TradingAccount>;
  order(userId: number, login: string, body: OrderBody, key: string): Promise<Answer<OrderResult>>;
  modify(userId: number, login: string, ticket: number, stops: Stops): Promise<Position>;
  close(userId: number, login: string, ticket: number): Promise<Deal>;
  deals(userId: number, login: string, query: { from?: string | undefined; to?: string | undefined; page: number; per_page: number }): Promise<Paged<Deal>>;
  curve(userId: number, login: string, range: BalanceRange): Promise<CurvePoint[]>;
  /** A point per UTC day of the range, from the platform's daily reports (Analytics' chart, by the account's id). */
  balanceHistory(userId: number, accountId: number, range: BalanceRange): Promise<BalanceHistory>;
  leverage(userId: number, login: string, leverage: number): Promise<AccountState>;
  /** `stepUp`: asked once the account is known to be the caller's and active (423 from the route's check). */
  password(userId: number, login: string, kind: PasswordKind, stepUp?: () => Promise<void>): Promise<PasswordResult>;
  archive(userId: number, login: string): Promise<TradingAccount>;
  statement(userId: number, login: string, period: { from?: string | undefined; to?: string | undefined }): Promise<Statement>;
  /** The caller's account by its internal id (analytics), or NotFoundError. */
  ownById(userId: number, accountId: number): Promise<AccountRow>;
  /** Whether `login` is the user's account (who may join its realtime channel). */
  owns(userId: number, login: string): Promise<boolean>;
  /** Results of the caller's account from its deals (GET /api/analytics/trading). */
  stats(userId: number, accountId: number): Promise<TradingStats>;
}

export interface PlatformAccountDeps {
  db: Db;
  clock: Clock;
  platform: TradingPlatform;
  marginCallLevel?: number;
  stopOutLevel?: number;
}

const TIMEFRAME_MS: Record<Timeframe, number> = { M1: 60_000, M15: 900_000, H1: 3_600_000, D1: DAY_MS };
const RANGE_DAYS: Record<Exclude<BalanceRange, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
const today = (clock: Clock) => clock().toISOString().slice(0, 10);

/** 16 characters with lower case, upper case, digits and a symbol, as MT5's password policy asks. */
const PASSWORD_SETS = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#$%&*+-=?@^_'];
const PASSWORD_LENGTH = 16;
export function strongPassword(): string {
  const all = PASSWORD_SETS.join('');
  const chars = PASSWORD_SETS.map((set) => set[randomInt(set.length)]!);
  while (chars.length < PASSWORD_LENGTH) chars.push(all[randomInt(all.length)]!);
  // Fisher–Yates, so the guaranteed characters are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** Which of the two stops a refusal is about: the one on the wrong side of the price the position would close at. */
function stopsFailure(side: 'buy' | 'sell', stops: Stops, closePrice: number | undefined): RuleFailure {
  if (closePrice !== undefined) {
    const slWrong = stops.stop_loss !== null && (side === 'buy' ? stops.stop_loss >= closePrice : stops.stop_loss <= closePrice);
    const tpWrong = stops.take_profit !== null && (side === 'buy' ? stops.take_profit <= closePrice : stops.take_profit >= closePrice);
    if (!slWrong && tpWrong) return { field: 'take_profit', rule: 'invalid_stops' };
  }
  return { field: stops.stop_loss === null && stops.take_profit !== null ? 'take_profit' : 'stop_loss', rule: 'invalid_stops' };
}

export function createPlatformAccountService({
  db,
  clock,
  platform,
  marginCallLevel = MARGIN_CALL_LEVEL_DEFAULT,
  stopOutLevel = STOP_OUT_LEVEL_DEFAULT,
}: PlatformAccountDeps): PlatformAccountService {
  async function own(userId: number, login: string): Promise<AccountRow> {
    const row = await accountQuery(db).where('a.number', '=', login).where('a.user_id', '=', userId).executeTakeFirst();
    if (!row) throw new NotFoundError('account');
    return row;
  }
  async function ownById(userId: number, accountId: number): Promise<AccountRow> {
    const row = await accountQuery(db).where('a.id', '=', accountId).where('a.user_id', '=', userId).executeTakeFirst();
    if (!row) throw new NotFoundError('account');
    return row;
  }
  const active = (row: AccountRow) => {
    if (row.status !== 'active') fail('account', 'archived');
    return row;
  };
  const body = async (row: AccountRow) => (await accountBodies(db, platform, [row]))[0]!;
  const fresh = async (id: number) => accountQuery(db).where('a.id', '=', id).executeTakeFirstOrThrow();

  /** The volume refusal names the instrument's own limits. */
  function volumeFailure(symbol: TradingSymbol): (error: unknown) => RuleFailure {
    const instrument = platform.instruments().find((i) => i.symbol === symbol);
    return () =>
      instrument
        ? { field: 'volume', rule: 'invalid_volume', numbers: { low: instrument.volume_min, high: instrument.volume_max, step: instrument.volume_step } }
        : { field: 'symbol', rule: 'unknown_symbol' };
  }

  async function closePriceOf(symbol: TradingSymbol, side: 'buy' | 'sell'): Promise<number | undefined> {
    const quote = (await onPlatform(() => platform.quotes())).find((q) => q.symbol === symbol);
    return quote && (side === 'buy' ? quote.bid : quote.ask);
  }

  return {
    async info() {
      return {
        name: platform.name,
        simulated: platform.simulated,
        instruments: platform.instruments(),
        quotes: await onPlatform(() => platform.quotes()),
        margin_call_level: marginCallLevel,
        stop_out_level: stopOutLevel,
      };
    },

    async bars(symbol, timeframe, limit) {
      const to = clock();
      // Room for closed markets (nights, weekends): the platform answers the newest `limit` bars.
      const from = new Date(to.getTime() - limit * TIMEFRAME_MS[timeframe] * 4);
      return onPlatform(() => platform.bars(symbol, timeframe, { from, to, limit }));
    },

    async details(userId, login) {
      const row = await own(userId, login);
      const [account, state, positions] = await Promise.all([
        body(row),
        onPlatform(() => platform.state(login)),
        onPlatform(() => platform.positions(login)),
      ]);
      return { account, state, positions };
    },

    async rename(userId, login, nickname) {
      const row = await own(userId, login);
      const value = nickname === null || nickname.trim() === '' ? null : nickname.trim();
      await db.updateTable('trading_accounts').set({ nickname: value, updated_at: clock().toISOString() }).where('id', '=', row.id).execute();
      return body(await fresh(row.id));
    },

    async order(userId, login, order, key) {
      const row = active(await own(userId, login));
      const overrides: FailureOverrides = {
        invalid_volume: volumeFailure(order.symbol),
        invalid_stops: () => stopsFailure(order.side === 'buy' ? 'buy' : 'sell', order, undefined),
        no_money: (error) => ({
          field: 'volume',
          rule: 'not_enough_margin',
          money: { minor: Math.max(0, error.detail.free_margin ?? 0), currency: row.currency_code, precision: row.currency_precision },
        }),
      };
      // The order is placed once per key: a retry after a lost answer gets the first position back.
      return onceAround(db, clock, { userId, key, fingerprint: fingerprint('order', [login, order]) }, async () => {
        const result = await onPlatform(() => platform.placeOrder(login, order), overrides);
        return { status: 201, body: result };
      });
    },

    async modify(userId, login, ticket, stops) {
      active(await own(userId, login));
      const position = (await onPlatform(() => platform.positions(login))).find((p) => p.ticket === ticket);
      if (!position) throw new NotFoundError('position');
      const closePrice = await closePriceOf(position.symbol, position.side);
      return onPlatform(() => platform.modifyPosition(login, ticket, stops), { invalid_stops: () => stopsFailure(position.side, stops, closePrice) });
    },

    async close(userId, login, ticket) {
      active(await own(userId, login));
      return onPlatform(() => platform.closePosition(login, ticket));
    },

    async deals(userId, login, query) {
      const row = await own(userId, login);
      const to = query.to ? dayEnd(query.to) : new Date(clock().getTime() + 1);
      const from = query.from ? dayStart(query.from) : new Date(dayStart(row.created_at.slice(0, 10)).getTime() - DAY_MS);
      return onPlatform(() => platform.deals(login, { from, to, page: query.page, per_page: query.per_page }));
    },

    async curve(userId, login, range) {
      const row = await own(userId, login);
      const to = clock();
      const opened = dayStart(row.created_at.slice(0, 10));
      const from = range === 'all' ? opened : new Date(dayStart(today(clock)).getTime() - (RANGE_DAYS[range] - 1) * DAY_MS);
      const reports = await onPlatform(() => platform.dailyReports(login, { from: from < opened ? opened : from, to }));
      return reports.map((r) => ({ time: r.time, balance: r.balance, equity: r.equity }));
    },

    async balanceHistory(userId, accountId, range) {
      const row = await ownById(userId, accountId);
      const last = today(clock);
      const opened = row.created_at.slice(0, 10);
      const first = range === 'all' ? opened : new Date(dayStart(last).getTime() - (RANGE_DAYS[range] - 1) * DAY_MS).toISOString().slice(0, 10);
      const reports = await onPlatform(() => platform.dailyReports(row.number, { from: dayStart(first < opened ? opened : first), to: clock() }));
      // Ended days by date; the last report is now, and stands for today.
      const byDay = new Map(reports.map((r) => [r.time.slice(0, 10), r]));
      const points: BalanceHistory['points'] = [];
      let held = { balance: 0, equity: 0 };
      for (let day = first; day <= last; day = dayEnd(day).toISOString().slice(0, 10)) {
        held = byDay.get(day) ?? held;
        points.push({ date: day, balance: held.balance, equity: held.equity });
      }
      return { account_id: row.id, currency: row.currency_code, precision: row.currency_precision, points };
    },

    async leverage(userId, login, leverage) {
      const row = active(await own(userId, login));
      const state = await onPlatform(() => platform.setLeverage(login, leverage));
      await db.updateTable('trading_accounts').set({ leverage: state.leverage, updated_at: clock().toISOString() }).where('id', '=', row.id).execute();
      return state;
    },

    async password(userId, login, kind, stepUp) {
      active(await own(userId, login));
      await stepUp?.();
      const password = strongPassword();
      // Only the platform keeps it (as it needs to check it); Traderoom shows it once and forgets it.
      await onPlatform(() => platform.setPassword(login, kind, password));
      return { kind, password };
    },

    async archive(userId, login) {
      const row = await own(userId, login);
      if (row.status === 'archived') return body(row);
      // Money still waiting for staff would land in an archived account.
      const pending = await db.selectFrom('ledger_entries').select('id').where('account_id', '=', row.id).where('status', '=', 'pending').executeTakeFirst();
      if (pending) fail('account', 'has_balance');
      await onPlatform(() => platform.archive(login));
      await db.updateTable('trading_accounts').set({ status: 'archived', updated_at: clock().toISOString() }).where('id', '=', row.id).execute();
      return body(await fresh(row.id));
    },

    async statement(userId, login, period) {
      const row = await own(userId, login);
      const now = clock();
      const last = period.to ?? today(clock);
      const first = period.from ?? `${last.slice(0, 8)}01`;
      if (first > last) fail('from', 'invalid');
      const start = dayStart(first);
      const end = dayEnd(last);
      const [user, state, dealsSince] = await Promise.all([
        db.selectFrom('users').select(['first_name', 'second_name']).where('id', '=', userId).executeTakeFirstOrThrow(),
        onPlatform(() => platform.state(login)),
        // From the period's start until now: the closing balance is today's less what came after.
        allDeals(platform, login, start, new Date(Math.max(now.getTime(), end.getTime()) + 1)),
      ]);
      const deals = dealsSince.filter((d) => Date.parse(d.time) < end.getTime());
      const after = dealsSince.filter((d) => Date.parse(d.time) >= end.getTime()).reduce((sum, d) => sum + balanceEffect(d), 0);
      const closing = state.balance - after;
      const opening = closing - deals.reduce((sum, d) => sum + balanceEffect(d), 0);
      const money = deals.filter(isMoneyDeal);
      const open = end.getTime() > now.getTime() ? await onPlatform(() => platform.positions(login)) : [];
      return {
        login,
        nickname: row.nickname,
        client: `${user.first_name} ${user.second_name}`,
        currency: row.currency_code,
        precision: row.currency_precision,
        from: first,
        to: last,
        opening_balance: opening,
        closing_balance: closing,
        deposits: money.filter((d) => d.profit > 0).reduce((sum, d) => sum + d.profit, 0),
        withdrawals: money.filter((d) => d.profit < 0).reduce((sum, d) => sum - d.profit, 0),
        // Closed positions and the negative balance protection's correction: what trading did to the balance.
        profit: deals.filter((d) => d.entry === 'out' || (d.kind === 'balance' && !isMoneyDeal(d))).reduce((sum, d) => sum + d.profit, 0),
        deals,
        open_positions: open,
        state,
        generated_at: now.toISOString(),
      };
    },

    ownById,

    async owns(userId, login) {
      const row = await db.selectFrom('trading_accounts').select('id').where('number', '=', login).where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },

    async stats(userId, accountId) {
      const row = await ownById(userId, accountId);
      const deals = await allDeals(platform, row.number, new Date(0), new Date(clock().getTime() + 1000));
      return tradingStats({ id: row.id, currency: row.currency_code, precision: row.currency_precision }, deals);
    },
  };
}
