import { EventEmitter } from 'node:events';
import { randomInt } from 'node:crypto';
import { type Algorithm, hash } from '@node-rs/argon2';
import { type Selectable, sql } from 'kysely';
import type { Paged } from '../../../contract/trading.ts';
import { type AccountState, type Bar, type Deal, type DealReason, type Instrument, type Position, QUOTE_MAX_AGE_SECONDS_DEFAULT, type Quote, type Timeframe, type TradingSymbol } from '../../../contract/platform.ts';
import { PASSWORD_HASHING, type PasswordHashingParams } from '../../config.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Db } from '../../db/schema.ts';
import {
  type BalanceOperation,
  type DailyReport,
  type DealQuery,
  type DealVolumes,
  type MarketOrder,
  PlatformError,
  type PlatformAccountSpec,
  type PlatformListener,
  type Stops,
  type TradingPlatform,
} from '../port.ts';
import { backfill, LiveBars, readBars, writeBars } from './bars.ts';
import { dailyReports } from './daily-reports.ts';
import { type PlatformHistory, platformHistory } from './history.ts';
import { INSTRUMENTS, instrumentOf, isTrading, publicInstrument, roundPrice, type SimulatedInstrument, validVolume } from './instruments.ts';
import type { Leadership } from './leader.ts';
import { PriceSimulation } from './prices.ts';
import { type Levels, revalue, type Trigger, triggerOf } from './risk.ts';
import {
  type AccountRecord,
  activeAccount,
  addToBalance,
  insertDeal,
  lockAccount,
  readAccount,
  readPositions,
  readQuotes,
  requireQuotes,
  reservedFor,
  setReservation,
  writeQuotes,
} from './store.ts';
import type { PlatformDb, PlatformDealsTable } from './tables.ts';
import { type AccountRow, closePrice, marginOf, type PositionRow, type Quotes, stateOf, valuePosition } from './valuation.ts';

const ARGON2ID = 2 as Algorithm;
/** Currencies the cross rates can convert (EURUSD, GBPUSD, USDJPY). */
const ACCOUNT_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY'];
const ACCOUNT_STATE_INTERVAL_MS = 1_000;

export interface EmbeddedPlatformOptions {
  /** Traderoom's database: the platform keeps its own `platform_*` tables in it (migration 0015). */
  db: Db;
  /** Decides which process runs the simulation (leader.ts). */
  leadership: Leadership;
  clock?: () => Date;
  seed: number;
  tickMs: number;
  marginCallLevel: number;
  stopOutLevel: number;
  /**
   * `simulated`: the leader steps the prices every `tickMs`. `manual`: nothing moves unless a test
   * calls `tick()` (one simulation step at the clock's time) or `setQuote()`.
   */
  feed?: 'simulated' | 'manual';
  /** Days of minute bars a fresh install back-fills. Default 30; 0 none. */
  backfillDays?: number;
  /** Seconds a trading instrument's last quote may be old for a fill (PLATFORM_QUOTE_MAX_AGE_SECONDS). */
  quoteMaxAgeSeconds?: number;
  passwordHashing?: PasswordHashingParams;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

type DealRow = Selectable<PlatformDealsTable>;

export function dealOf(row: DealRow): Deal {
  return {
    ticket: row.ticket,
    time: row.time,
    kind: row.kind,
    entry: row.entry,
    reason: row.reason,
    symbol: row.symbol,
    volume: row.volume,
    price: row.price,
    position_ticket: row.position_ticket,
    profit: row.profit,
    comment: row.comment,
  };
}

/**
 * A working trading platform in this process and database (docs/adr/0080). One process at a time
 * (the leader) runs the price simulation, the stop-loss, take-profit and stop-out checks, and
 * writes quotes and bars; any process fills orders from the stored latest quote under a lock on
 * the account's row.
 */
export class EmbeddedPlatform implements TradingPlatform {
  readonly name = 'embedded';
  readonly simulated = true;
  /** `leading` (boolean) whenever this process starts or stops running the simulation. */
  readonly events = new EventEmitter<{ leading: [boolean]; backfilled: [{ rows: number; ms: number }] }>();

  /** The demo seed's way to write an account's past (history.ts); not part of the port. */
  readonly history: PlatformHistory;

  private readonly db: PlatformDb;
  private readonly clock: () => Date;
  private readonly levels: Levels;
  private readonly listeners = new Set<PlatformListener>();
  private readonly simulation: PriceSimulation;
  private readonly liveBars = new LiveBars();
  private readonly lastStateSent = new Map<string, number>();
  private leading = false;
  private timer: NodeJS.Timeout | undefined;
  /** The tick in progress: ticks never overlap, and stopping waits for it. */
  private running: Promise<void> | null = null;
  private lastDay: string | null = null;
  private started = false;

  constructor(private readonly options: EmbeddedPlatformOptions) {
    this.db = options.db as unknown as PlatformDb;
    this.history = platformHistory(this.db);
    this.clock = options.clock ?? (() => new Date());
    this.levels = { marginCall: options.marginCallLevel, stopOut: options.stopOutLevel };
    this.simulation = new PriceSimulation(options.seed, INSTRUMENTS);
  }

  get isLeader(): boolean {
    return this.leading;
  }

  instruments(): Instrument[] {
    return INSTRUMENTS.map(publicInstrument);
  }

  async quotes(): Promise<Quote[]> {
    return [...(await readQuotes(this.db)).values()];
  }

  bars(symbol: TradingSymbol, timeframe: Timeframe, range: { from: Date; to: Date; limit: number }): Promise<Bar[]> {
    if (!instrumentOf(symbol)) throw new PlatformError('unknown_symbol');
    return readBars(this.db, symbol, timeframe, range);
  }

  async openAccount(spec: PlatformAccountSpec): Promise<{ login: string }> {
    if (!ACCOUNT_CURRENCIES.includes(spec.currency)) throw new Error(`The embedded platform has no cross rate for ${spec.currency}`);
    const now = this.clock().toISOString();
    for (;;) {
      // 8 digits, never a leading 0; a collision draws again.
      const login = String(randomInt(10_000_000, 100_000_000));
      try {
        await this.db
          .insertInto('platform_accounts')
          .values({
            login,
            grp: spec.group,
            currency: spec.currency,
            precision: spec.precision,
            leverage: spec.leverage,
            name: spec.name,
            balance: 0,
            status: 'active',
            master_hash: null,
            investor_hash: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        return { login };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }

  async state(login: string): Promise<AccountState> {
    const [account, positions, quotes] = await Promise.all([readAccount(this.db, login), readPositions(this.db, login), readQuotes(this.db)]);
    return this.stateOf(account, positions, quotes);
  }

  async states(logins: string[]): Promise<Map<string, AccountState>> {
    const out = new Map<string, AccountState>();
    if (logins.length === 0) return out;
    const [accounts, positions, quotes] = await Promise.all([
      this.db.selectFrom('platform_accounts').selectAll().where('login', 'in', logins).execute(),
      this.db.selectFrom('platform_positions').selectAll().where('login', 'in', logins).orderBy('ticket').execute(),
      readQuotes(this.db),
    ]);
    for (const account of accounts) {
      out.set(account.login, this.stateOf(account, positions.filter((p) => p.login === account.login), quotes));
    }
    return out;
  }

  async balance(operation: BalanceOperation): Promise<{ ticket: number }> {
    const { login, amount, reference } = operation;
    if (!Number.isSafeInteger(amount) || amount === 0) throw new Error('A balance deal moves a non-zero whole number of minor units');
    const previous = () =>
      this.db.selectFrom('platform_deals').select('ticket').where('login', '=', login).where('reference', '=', reference).executeTakeFirst();
    try {
      const ticket = await this.db.transaction().execute(async (trx) => {
        const account = await lockAccount(trx, login);
        const first = await trx.selectFrom('platform_deals').select('ticket').where('login', '=', login).where('reference', '=', reference).executeTakeFirst();
        if (first) return { ticket: first.ticket, fresh: false };
        activeAccount(account);
        const now = this.clock();
        if (amount < 0) {
          // Money reserved under this reference was set aside for this very debit.
          const own = await reservedFor(trx, login, reference);
          const state = this.stateOf(account, await readPositions(trx, login), await readQuotes(trx));
          if (-amount > state.free_margin + own || account.balance + amount < 0) {
            throw new PlatformError('no_money', { free_margin: Math.min(state.free_margin + own, account.balance) });
          }
          await setReservation(trx, login, reference, own, 0, now);
        }
        const dealTicket = await insertDeal(trx, {
          login,
          time: now.toISOString(),
          kind: 'balance',
          entry: null,
          reason: 'balance',
          symbol: null,
          volume: null,
          price: null,
          position_ticket: null,
          profit: amount,
          comment: reference,
          reference,
        });
        await addToBalance(trx, login, amount, now);
        return { ticket: dealTicket, fresh: true };
      });
      if (ticket.fresh) this.changed(login, 'balance');
      return { ticket: ticket.ticket };
    } catch (error) {
      // Two requests with the same reference at once: the second answers the first's deal.
      if (!isUniqueViolation(error)) throw error;
      const first = await previous();
      if (!first) throw error;
      return { ticket: first.ticket };
    }
  }

  async reserve(login: string, reference: string, amount: number): Promise<void> {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new Error('A reservation is a whole number of minor units, 0 or more');
    const changed = await this.db.transaction().execute(async (trx) => {
      const account = await lockAccount(trx, login);
      const current = await reservedFor(trx, login, reference);
      if (amount > current) {
        activeAccount(account);
        const state = this.stateOf(account, await readPositions(trx, login), await readQuotes(trx));
        if (amount - current > state.free_margin) throw new PlatformError('no_money', { free_margin: Math.max(0, state.free_margin + current) });
      }
      await setReservation(trx, login, reference, current, amount, this.clock());
      return current !== amount;
    });
    if (changed) this.changed(login, 'balance');
  }

  async release(login: string, reference: string): Promise<void> {
    await this.reserve(login, reference, 0);
  }

  async setLeverage(login: string, leverage: number): Promise<AccountState> {
    if (!Number.isInteger(leverage) || leverage < 1) throw new Error('Leverage is a whole number from 1');
    const state = await this.db.transaction().execute(async (trx) => {
      const account = activeAccount(await lockAccount(trx, login));
      const positions = await readPositions(trx, login);
      const next = this.stateOf({ ...account, leverage }, positions, await readQuotes(trx));
      if (next.margin + (next.reserved ?? 0) > next.equity) throw new PlatformError('margin_exceeds_equity', { margin: next.margin, free_margin: next.free_margin });
      await trx.updateTable('platform_accounts').set({ leverage, updated_at: this.clock().toISOString() }).where('login', '=', login).execute();
      return next;
    });
    this.changed(login, 'leverage');
    return state;
  }

  async setPassword(login: string, kind: 'master' | 'investor', password: string): Promise<void> {
    await readAccount(this.db, login);
    const passwordHash = await hash(password, { ...(this.options.passwordHashing ?? PASSWORD_HASHING), algorithm: ARGON2ID });
    await this.db
      .updateTable('platform_accounts')
      .set({ [kind === 'master' ? 'master_hash' : 'investor_hash']: passwordHash, updated_at: this.clock().toISOString() })
      .where('login', '=', login)
      .execute();
  }

  async archive(login: string): Promise<void> {
    const archived = await this.db.transaction().execute(async (trx) => {
      const account = await lockAccount(trx, login);
      if (account.status === 'archived') return false;
      if ((await readPositions(trx, login)).length > 0) throw new PlatformError('has_positions');
      if (account.balance !== 0 || account.credit !== 0) throw new PlatformError('has_balance');
      // Nothing is left to set aside on an empty account.
      await trx.deleteFrom('platform_reservations').where('login', '=', login).execute();
      await trx.updateTable('platform_accounts').set({ reserved: 0 }).where('login', '=', login).execute();
      await trx.updateTable('platform_accounts').set({ status: 'archived', updated_at: this.clock().toISOString() }).where('login', '=', login).execute();
      return true;
    });
    if (archived) this.changed(login, 'archived');
  }

  async positions(login: string): Promise<Position[]> {
    const [account, rows, quotes] = await Promise.all([readAccount(this.db, login), readPositions(this.db, login), readQuotes(this.db)]);
    return rows.map((row) => valuePosition(row, account, requireQuotes(quotes)));
  }

  async placeOrder(login: string, order: MarketOrder): Promise<{ position: Position; deal: Deal }> {
    const instrument = instrumentOf(order.symbol);
    if (!instrument) throw new PlatformError('unknown_symbol');
    if (!validVolume(instrument, order.volume)) throw new PlatformError('invalid_volume');
    const result = await this.db.transaction().execute(async (trx) => {
      const account = activeAccount(await lockAccount(trx, login));
      const now = this.clock();
      if (!isTrading(instrument, now)) throw new PlatformError('market_closed');
      const quotes = requireQuotes(await readQuotes(trx));
      const quote = this.freshQuote(quotes, instrument.symbol, now);
      const stops = checkStops(instrument, order.side, quote, order);
      const price = order.side === 'buy' ? quote.ask : quote.bid;
      const volume = Number(order.volume.toFixed(6));
      const existing = await readPositions(trx, login);
      const draft: PositionRow = { ticket: 0, login, symbol: instrument.symbol, side: order.side, volume, open_price: price, open_time: now.toISOString(), ...stops };
      const after = this.stateOf(account, [...existing, draft], quotes);
      if (after.free_margin < 0) {
        const before = this.stateOf(account, existing, quotes);
        throw new PlatformError('no_money', { free_margin: before.free_margin, margin: marginOf(instrument, volume, price, account, quotes) });
      }
      const { ticket } = await trx
        .insertInto('platform_positions')
        .values({ login, symbol: draft.symbol, side: draft.side, volume, open_price: price, open_time: draft.open_time, ...stops })
        .returning('ticket')
        .executeTakeFirstOrThrow();
      const deal: Omit<DealRow, 'ticket'> = {
        login,
        time: draft.open_time,
        kind: order.side,
        entry: 'in',
        reason: 'client',
        symbol: instrument.symbol,
        volume,
        price,
        position_ticket: ticket,
        profit: 0,
        comment: '',
        reference: null,
      };
      const dealTicket = await insertDeal(trx, deal);
      return { position: valuePosition({ ...draft, ticket }, account, quotes), deal: dealOf({ ...deal, ticket: dealTicket }) };
    });
    this.changed(login, 'client');
    return result;
  }

  async modifyPosition(login: string, ticket: number, stops: Stops): Promise<Position> {
    return this.db.transaction().execute(async (trx) => {
      const account = activeAccount(await lockAccount(trx, login));
      const row = await trx.selectFrom('platform_positions').selectAll().where('login', '=', login).where('ticket', '=', ticket).executeTakeFirst();
      if (!row) throw new PlatformError('not_found');
      const instrument = instrumentOf(row.symbol)!;
      const quotes = requireQuotes(await readQuotes(trx));
      const checked = checkStops(instrument, row.side, quotes.get(row.symbol)!, stops);
      await trx.updateTable('platform_positions').set(checked).where('ticket', '=', ticket).execute();
      return valuePosition({ ...row, ...checked }, account, quotes);
    });
  }

  async closePosition(login: string, ticket: number): Promise<Deal> {
    const deal = await this.db.transaction().execute(async (trx) => {
      const account = activeAccount(await lockAccount(trx, login));
      const row = await trx.selectFrom('platform_positions').selectAll().where('login', '=', login).where('ticket', '=', ticket).executeTakeFirst();
      if (!row) throw new PlatformError('not_found');
      const instrument = instrumentOf(row.symbol)!;
      const now = this.clock();
      if (!isTrading(instrument, now)) throw new PlatformError('market_closed');
      const quotes = requireQuotes(await readQuotes(trx));
      this.freshQuote(quotes, instrument.symbol, now);
      return this.closeLocked(trx, account, row, quotes, 'client');
    });
    this.changed(login, 'client');
    return deal;
  }

  async deals(login: string, query: DealQuery): Promise<Paged<Deal>> {
    await readAccount(this.db, login);
    const perPage = Math.max(1, Math.floor(query.per_page));
    const page = Math.max(1, Math.floor(query.page));
    const base = this.db
      .selectFrom('platform_deals')
      .where('login', '=', login)
      .where('time', '>=', query.from.toISOString())
      .where('time', '<', query.to.toISOString());
    const [{ total }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy('time', 'desc')
        .orderBy('ticket', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
    ]);
    const count = Number(total);
    return { data: rows.map(dealOf), meta: { current_page: page, per_page: perPage, total: count, last_page: Math.max(1, Math.ceil(count / perPage)) } };
  }

  async dealVolumes(logins: readonly string[], range: { from: Date; to: Date }): Promise<DealVolumes> {
    if (logins.length === 0) return { byLogin: [], byDay: [] };
    // One pass over the deals (the index holds what it needs: 0033), per account and day; the two sums are taken from it here.
    const day = sql<string>`substr(time, 1, 10)`;
    const rows = await this.db
      .selectFrom('platform_deals')
      .select(['login', day.as('day'), (eb) => eb.fn.sum<number | string>('volume').as('volume')])
      .where('login', 'in', logins)
      .where('time', '>=', range.from.toISOString())
      .where('time', '<', range.to.toISOString())
      .where('kind', '!=', 'balance')
      .groupBy(['login', day])
      .execute();
    const byLogin = new Map<string, number>();
    const byDay = new Map<string, number>();
    for (const r of rows) {
      const volume = Number(r.volume);
      byLogin.set(r.login, (byLogin.get(r.login) ?? 0) + volume);
      byDay.set(r.day, (byDay.get(r.day) ?? 0) + volume);
    }
    return { byLogin: [...byLogin].map(([login, volume]) => ({ login, volume })), byDay: [...byDay].map(([d, volume]) => ({ day: d, volume })) };
  }

  async dailyReports(login: string, range: { from: Date; to: Date }): Promise<DailyReport[]> {
    const state = await this.state(login);
    return dailyReports(this.db, login, range, state, this.clock());
  }

  subscribe(listener: PlatformListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.options.leadership.start((leading) => {
      void this.lead(leading).catch((err: unknown) => this.options.log?.error({ err }, 'platform: the simulation failed to start'));
    });
    // Whoever leads has the prices ready before start() answers in that process.
    await this.leadership;
  }

  async close(): Promise<void> {
    await this.options.leadership.close();
    await this.stop();
  }

  // --- Testing and the leader's work -------------------------------------------------------------

  /** One simulation step at the clock's time: new quotes, bars, stops and stop-outs (the leader only). */
  tick(): Promise<void> {
    if (!this.leading) return Promise.resolve();
    if (this.running) return this.running;
    this.running = (async () => {
      const now = this.clock();
      const quotes = this.simulation.step(now);
      if (quotes.length > 0) await this.publish(quotes, now);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Sets a symbol's price as a tick would (tests, the manual feed); the leader only. */
  async setQuote(symbol: TradingSymbol, bid: number, ask: number): Promise<void> {
    if (!this.leading) throw new Error('Only the leading platform process moves prices');
    const instrument = instrumentOf(symbol)!;
    while (this.running) await this.running;
    const now = this.clock();
    this.simulation.resumeFrom(symbol, bid);
    await this.publish([{ symbol, bid: roundPrice(instrument, bid), ask: roundPrice(instrument, ask), time: now.toISOString() }], now);
  }

  private leadership: Promise<void> = Promise.resolve();

  private async lead(leading: boolean): Promise<void> {
    if (leading === this.leading) return;
    if (leading) {
      this.leadership = this.startSimulation();
      await this.leadership;
    } else {
      await this.stop();
    }
  }

  private async startSimulation(): Promise<void> {
    const now = this.clock();
    const days = this.options.backfillDays ?? 30;
    const hasBars = await this.db.selectFrom('platform_bars').select('symbol').limit(1).executeTakeFirst();
    const stored = await readQuotes(this.db);
    if (!hasBars && days > 0) {
      const filled = await backfill(this.db, this.options.seed, now, days);
      this.options.log?.info({ rows: filled.rows, ms: Math.round(filled.ms) }, 'platform: back-filled minute bars');
      this.events.emit('backfilled', { rows: filled.rows, ms: filled.ms });
      if (stored.size === 0) for (const [symbol, bid] of filled.last) this.simulation.resumeFrom(symbol, bid);
    }
    for (const quote of stored.values()) this.simulation.resumeFrom(quote.symbol, quote.bid);
    const missing = this.simulation.current(now).filter((q) => !stored.has(q.symbol));
    await writeQuotes(this.db, missing);
    const latest = await this.db
      .selectFrom('platform_bars')
      .select(['symbol', 'time', 'open', 'high', 'low', 'close'])
      .where('timeframe', '=', 'M1')
      .where('time', '=', new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString())
      .execute();
    for (const { symbol, ...bar } of latest) this.liveBars.resume(symbol, bar);
    this.lastDay = now.toISOString().slice(0, 10);
    this.leading = true;
    if ((this.options.feed ?? 'simulated') === 'simulated') {
      this.timer = setInterval(() => {
        void this.tick().catch((err: unknown) => this.options.log?.error({ err }, 'platform: a tick failed'));
      }, this.options.tickMs);
    }
    this.events.emit('leading', true);
  }

  private async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => {});
    if (this.leading) {
      this.leading = false;
      this.events.emit('leading', false);
    }
  }

  /** Stores and announces new quotes, then acts on them: stops, stop-outs, account updates, day ends. */
  private async publish(quotes: Quote[], now: Date): Promise<void> {
    const bars = this.liveBars.update(quotes);
    await this.db.transaction().execute(async (trx) => {
      await writeQuotes(trx, quotes);
      await writeBars(trx, bars);
    });
    for (const listener of this.listeners) safely(() => listener.onTick?.(quotes), this.options.log);
    await this.revalueAll(now);
  }

  private async revalueAll(now: Date): Promise<void> {
    const positions = await this.db.selectFrom('platform_positions').selectAll().execute();
    const logins = [...new Set(positions.map((p) => p.login))];
    const accounts = new Map<string, AccountRow>();
    if (logins.length > 0) {
      for (const a of await this.db.selectFrom('platform_accounts').selectAll().where('login', 'in', logins).execute()) accounts.set(a.login, a);
    }
    const quotes = await readQuotes(this.db);
    let valued = revalue(accounts, positions, quotes, this.levels, now);
    const acted = [...valued].filter(([, r]) => r.triggered.length > 0 || r.stopOut).map(([login]) => login);
    for (const login of acted) await this.enforce(login);
    if (acted.length > 0) {
      // The accounts acted on changed: their states are read again for the update below.
      const states = await this.states(acted);
      const rows = await this.db.selectFrom('platform_positions').selectAll().where('login', 'in', acted).execute();
      valued = new Map([...valued].filter(([login]) => !acted.includes(login)));
      for (const [login, state] of states) {
        const account = accounts.get(login)!;
        const list = rows.filter((p) => p.login === login).map((p) => valuePosition(p, { ...account, balance: state.balance }, quotes));
        valued.set(login, { state, positions: list, triggered: [], stopOut: false });
      }
    }
    const at = now.getTime();
    for (const [login, r] of valued) {
      if (r.positions.length === 0 || at - (this.lastStateSent.get(login) ?? -Infinity) < ACCOUNT_STATE_INTERVAL_MS) continue;
      this.lastStateSent.set(login, at);
      const update = { state: r.state, positions: r.positions.map((p) => ({ ticket: p.ticket, current_price: p.current_price, profit: p.profit })) };
      for (const listener of this.listeners) safely(() => listener.onAccountState?.(update), this.options.log);
    }
    const day = now.toISOString().slice(0, 10);
    if (this.lastDay !== null && day !== this.lastDay) await this.snapshotDay(this.lastDay, valued);
    this.lastDay = day;
  }

  /**
   * Stops reached, then the stop-out: while the margin level is at or below STOP_OUT_LEVEL the most
   * losing position closes, one at a time, until the level is restored or nothing is left open.
   * All under the account's lock, on the positions and quotes as they are now.
   */
  private async enforce(login: string): Promise<void> {
    const reasons = await this.db.transaction().execute(async (trx) => {
      let account = await lockAccount(trx, login);
      const quotes = await readQuotes(trx);
      const done: DealReason[] = [];
      let rows = await readPositions(trx, login);
      for (const row of rows) {
        const reason: Trigger | null = triggerOf(valuePosition(row, account, quotes));
        if (!reason) continue;
        const deal = await this.closeLocked(trx, account, row, quotes, reason);
        account = { ...account, balance: account.balance + deal.profit };
        done.push(reason);
      }
      rows = await readPositions(trx, login);
      for (;;) {
        const valued = rows.map((row) => valuePosition(row, account, quotes));
        const state = stateOf(account, valued, this.clock(), this.levels.marginCall);
        if (state.margin_level === null || state.margin_level > this.levels.stopOut) break;
        const worst = valued.reduce((a, b) => (b.profit < a.profit ? b : a));
        const deal = await this.closeLocked(trx, account, rows.find((r) => r.ticket === worst.ticket)!, quotes, 'stop_out');
        account = { ...account, balance: account.balance + deal.profit };
        rows = rows.filter((r) => r.ticket !== worst.ticket);
        done.push('stop_out');
      }
      if (done.includes('stop_out') && rows.length === 0 && account.balance < 0) await this.protectNegativeBalance(trx, account);
      return done;
    });
    for (const reason of new Set(reasons)) this.changed(login, reason);
  }

  /** Closes a position at the current price: an `out` deal, its profit added to the balance. */
  private async closeLocked(trx: PlatformDb, account: AccountRecord, row: PositionRow, quotes: Quotes, reason: DealReason): Promise<Deal> {
    const now = this.clock();
    const valued = valuePosition(row, account, quotes);
    const deal: Omit<DealRow, 'ticket'> = {
      login: account.login,
      time: now.toISOString(),
      kind: row.side === 'buy' ? 'sell' : 'buy',
      entry: 'out',
      reason,
      symbol: row.symbol,
      volume: row.volume,
      price: closePrice(row.side, quotes.get(row.symbol)!),
      position_ticket: row.ticket,
      profit: valued.profit,
      comment: '',
      reference: null,
    };
    await trx.deleteFrom('platform_positions').where('ticket', '=', row.ticket).execute();
    const ticket = await insertDeal(trx, deal);
    await addToBalance(trx, account.login, valued.profit, now);
    return dealOf({ ...deal, ticket });
  }

  /**
   * Negative balance protection, as retail brokers owe their clients (ESMA's CFD measures, and
   * what MT5 dealers book after a gap): a stop-out that left the account flat with a balance below
   * zero is corrected to zero by a balance deal. The deal's reason is `stop_out`, not `balance`:
   * it is trading's result, no money the client paid in, so no ledger entry stands for it and the
   * reconciliation leaves it out of the money it compares (contract/platform.ts, isMoneyDeal).
   */
  private async protectNegativeBalance(trx: PlatformDb, account: AccountRecord): Promise<void> {
    const now = this.clock();
    await insertDeal(trx, {
      login: account.login,
      time: now.toISOString(),
      kind: 'balance',
      entry: null,
      reason: 'stop_out',
      symbol: null,
      volume: null,
      price: null,
      position_ticket: null,
      profit: -account.balance,
      comment: '',
      reference: null,
    });
    await addToBalance(trx, account.login, -account.balance, now);
  }

  /** Balance and equity of every account as the UTC day `day` ended (the daily reports' equity). */
  private async snapshotDay(day: string, valued: ReadonlyMap<string, { state: AccountState }>): Promise<void> {
    const accounts = await this.db.selectFrom('platform_accounts').select(['login', 'balance']).where('status', '=', 'active').execute();
    const rows = accounts.map((a) => {
      const state = valued.get(a.login)?.state;
      return { login: a.login, day, balance: state?.balance ?? a.balance, equity: state?.equity ?? a.balance };
    });
    for (let i = 0; i < rows.length; i += 1000) {
      await this.db.insertInto('platform_equity').values(rows.slice(i, i + 1000)).onConflict((oc) => oc.doNothing()).execute();
    }
  }

  /**
   * The instrument's quote for a client's fill while its market trades. The leader writes one a
   * few times a second; an older one means the feed has stopped (its process died and no other
   * has taken the lock yet), and filling at it would hand out a price the market has left.
   */
  private freshQuote(quotes: Quotes, symbol: TradingSymbol, now: Date): Quote {
    const quote = quotes.get(symbol);
    if (!quote) throw new PlatformError('unavailable', { reason: 'no_prices' });
    const maxAge = (this.options.quoteMaxAgeSeconds ?? QUOTE_MAX_AGE_SECONDS_DEFAULT) * 1000;
    if (now.getTime() - Date.parse(quote.time) > maxAge) throw new PlatformError('unavailable', { reason: 'no_prices' });
    return quote;
  }

  private stateOf(account: AccountRecord | AccountRow, rows: readonly PositionRow[], quotes: Quotes): AccountState {
    const positions = rows.length > 0 ? rows.map((row) => valuePosition(row, account, requireQuotes(quotes))) : [];
    return stateOf(account, positions, this.clock(), this.levels.marginCall);
  }

  private changed(login: string, reason: DealReason | 'leverage' | 'archived'): void {
    for (const listener of this.listeners) safely(() => listener.onAccountChanged?.(login, reason), this.options.log);
  }
}

function safely(fn: () => void, log?: EmbeddedPlatformOptions['log']): void {
  try {
    fn();
  } catch (err) {
    log?.error({ err }, 'platform: a listener failed');
  }
}

/**
 * Stop-loss and take-profit against the price the position closes at (bid for a buy, ask for a
 * sell): a buy's stop-loss below it and take-profit above, a sell's the other way round; both on
 * the instrument's grid of digits.
 */
function checkStops(instrument: SimulatedInstrument, side: 'buy' | 'sell', quote: Quote, stops: Stops): Stops {
  const reference = closePrice(side, quote);
  const onGrid = (price: number | null) => price === null || (Number.isFinite(price) && price > 0 && Math.abs(roundPrice(instrument, price) - price) < 1e-9 * Math.max(1, price));
  const { stop_loss: sl, take_profit: tp } = stops;
  if (!onGrid(sl) || !onGrid(tp)) throw new PlatformError('invalid_stops');
  const below = (price: number | null) => price === null || price < reference;
  const above = (price: number | null) => price === null || price > reference;
  const valid = side === 'buy' ? below(sl) && above(tp) : above(sl) && below(tp);
  if (!valid) throw new PlatformError('invalid_stops');
  return { stop_loss: sl === null ? null : roundPrice(instrument, sl), take_profit: tp === null ? null : roundPrice(instrument, tp) };
}
