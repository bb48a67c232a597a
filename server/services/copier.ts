import { proportionalVolume, type SkipReason } from '../../contract/investing.ts';
import type { Position } from '../../contract/platform.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Insertable } from 'kysely';
import type { CopiedTradesTable, Db } from '../db/schema.ts';
import { PlatformError, type TradingPlatform } from '../platform/port.ts';
import type { Clock } from './clock.ts';

/** The subscriptions a strategy's trades reach: everything not yet closing. */
const FOLLOWING = ['active', 'paused_by_follower', 'paused_stop_loss'] as const;

export interface CopierDeps {
  db: Db;
  clock: Clock;
  platform: TradingPlatform;
  /** After a follower's copy account traded: its stop-loss is checked. */
  afterCopy?: (subscriptionId: number) => Promise<void>;
  log?: { error(obj: object, msg: string): void };
}

export interface Copier {
  /**
   * Brings every follower of the strategy whose account is `login` in line with its open positions:
   * a new position is copied (or recorded skipped, with the reason), a position gone is closed on
   * every copy. Idempotent, and safe in several processes at once: each (subscription, position,
   * open|close) is claimed by a unique row before the platform is asked.
   */
  sync(login: string): Promise<void>;
  /** Resolves once every sync asked for so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Asks for a sync without waiting (the platform's listener): one at a time per strategy. */
  schedule(login: string): void;
}

function skipReason(error: unknown): SkipReason {
  if (error instanceof PlatformError) {
    if (error.code === 'no_money') return 'no_money';
    if (error.code === 'market_closed') return 'market_closed';
    if (error.code === 'invalid_volume') return 'too_small';
  }
  return 'unavailable';
}

/**
 * Copies a strategy's trades into its followers' copy accounts (docs/adr/0093). It reads the
 * strategy's positions rather than trusting one event per trade, so an order placed through the
 * account page, a seeded bot's order and a stop-loss or stop-out close are all copied the same way,
 * whichever process hears of them.
 */
export function createCopier({ db, clock, platform, afterCopy, log }: CopierDeps): Copier {
  const chains = new Map<string, Promise<void>>();

  async function claim(values: Insertable<CopiedTradesTable>): Promise<number | null> {
    try {
      const row = await db.insertInto('copied_trades').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async function copyOpen(
    sub: { id: number; state: string; created_at: string; copy_login: string },
    position: Position,
    strategyEquity: number,
  ): Promise<void> {
    // Positions the strategy held before the follower came are not theirs to copy.
    if (position.open_time < sub.created_at) return;
    const followerEquity = (await platform.state(sub.copy_login)).equity;
    const at = clock().toISOString();
    const base = {
      subscription_id: sub.id,
      strategy_ticket: position.ticket,
      action: 'open' as const,
      symbol: position.symbol,
      side: position.side,
      strategy_volume: position.volume,
      strategy_equity: strategyEquity,
      follower_equity: followerEquity,
      created_at: at,
    };
    const id = await claim({ ...base, status: 'pending', reason: null, volume: 0, follower_ticket: null, price: null, profit: null });
    if (id === null) return;
    const skip = (reason: SkipReason) => db.updateTable('copied_trades').set({ status: 'skipped', reason }).where('id', '=', id).execute();
    if (sub.state !== 'active') return void (await skip('paused'));
    const instrument = platform.instruments().find((i) => i.symbol === position.symbol);
    const volume = instrument ? proportionalVolume(position.volume, followerEquity, strategyEquity, instrument) : null;
    if (volume === null) return void (await skip('too_small'));
    try {
      const { position: copy } = await platform.placeOrder(sub.copy_login, { symbol: position.symbol, side: position.side, volume, stop_loss: null, take_profit: null });
      await db.updateTable('copied_trades').set({ status: 'copied', volume, follower_ticket: copy.ticket, price: copy.open_price }).where('id', '=', id).execute();
    } catch (error) {
      await skip(skipReason(error));
    }
  }

  async function copyClose(
    sub: { id: number; copy_login: string },
    open: Pick<CopiedTradesTable, 'strategy_ticket' | 'status' | 'symbol' | 'side' | 'strategy_volume' | 'follower_ticket' | 'volume'>,
    strategyEquity: number,
  ): Promise<void> {
    const followerEquity = (await platform.state(sub.copy_login)).equity;
    const id = await claim({
      subscription_id: sub.id,
      strategy_ticket: open.strategy_ticket,
      action: 'close',
      status: 'pending',
      reason: null,
      symbol: open.symbol,
      side: open.side,
      strategy_volume: open.strategy_volume,
      strategy_equity: strategyEquity,
      follower_equity: followerEquity,
      follower_ticket: open.follower_ticket,
      volume: 0,
      price: null,
      profit: null,
      created_at: clock().toISOString(),
    });
    if (id === null) return;
    const skip = (reason: SkipReason) => db.updateTable('copied_trades').set({ status: 'skipped', reason }).where('id', '=', id).execute();
    if (open.status !== 'copied' || open.follower_ticket === null) return void (await skip('not_copied'));
    try {
      const deal = await platform.closePosition(sub.copy_login, open.follower_ticket);
      await db.updateTable('copied_trades').set({ status: 'copied', volume: open.volume, price: deal.price, profit: deal.profit }).where('id', '=', id).execute();
    } catch (error) {
      // Closed already (the follower's stop-loss closed the copy account's positions): nothing left to follow.
      await skip(error instanceof PlatformError && error.code === 'not_found' ? 'not_copied' : skipReason(error));
    }
  }

  async function sync(login: string): Promise<void> {
    const strategy = await db
      .selectFrom('strategies as s')
      .innerJoin('trading_accounts as a', 'a.id', 's.account_id')
      .select(['s.id'])
      .where('a.number', '=', login)
      .executeTakeFirst();
    if (!strategy) return;
    const subs = await db
      .selectFrom('copy_subscriptions as s')
      .innerJoin('trading_accounts as a', 'a.id', 's.copy_account_id')
      .select(['s.id', 's.state', 's.created_at', 'a.number as copy_login'])
      .where('s.strategy_id', '=', strategy.id)
      .where('s.state', 'in', [...FOLLOWING])
      .execute();
    if (subs.length === 0) return;
    const [positions, state] = await Promise.all([platform.positions(login), platform.state(login)]);
    const open = new Set(positions.map((p) => p.ticket));
    for (const sub of subs) {
      const tickets = [...open, -1];
      const opened = new Set(
        (
          await db.selectFrom('copied_trades').select('strategy_ticket').where('subscription_id', '=', sub.id).where('action', '=', 'open').where('strategy_ticket', 'in', tickets).execute()
        ).map((r) => Number(r.strategy_ticket)),
      );
      // Opens not followed by their close yet.
      const unclosed = await db
        .selectFrom('copied_trades as o')
        .select(['o.strategy_ticket', 'o.status', 'o.symbol', 'o.side', 'o.strategy_volume', 'o.follower_ticket', 'o.volume'])
        .where('o.subscription_id', '=', sub.id)
        .where('o.action', '=', 'open')
        .where('o.status', '<>', 'pending')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('copied_trades as c').select('c.id').whereRef('c.subscription_id', '=', 'o.subscription_id').whereRef('c.strategy_ticket', '=', 'o.strategy_ticket').where('c.action', '=', 'close'))),
        )
        .execute();
      let traded = false;
      for (const position of positions) {
        if (opened.has(position.ticket)) continue;
        await copyOpen(sub, position, state.equity);
        traded = true;
      }
      for (const record of unclosed) {
        const ticket = Number(record.strategy_ticket);
        if (open.has(ticket)) continue;
        await copyClose(sub, { ...record, strategy_ticket: ticket, follower_ticket: record.follower_ticket === null ? null : Number(record.follower_ticket) }, state.equity);
        traded = true;
      }
      if (traded) await afterCopy?.(sub.id);
    }
  }

  return {
    sync,
    schedule(login) {
      const previous = chains.get(login) ?? Promise.resolve();
      const next = previous
        .then(() => sync(login))
        .catch((err: unknown) => log?.error({ err, login }, 'copy trading: a sync failed'))
        .finally(() => {
          if (chains.get(login) === next) chains.delete(login);
        });
      chains.set(login, next);
    },
    async idle() {
      while (chains.size > 0) await Promise.all([...chains.values()]);
    },
  };
}
