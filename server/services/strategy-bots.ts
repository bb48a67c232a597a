import type { Side, TradingSymbol } from '../../contract/platform.ts';
import type { Db } from '../db/schema.ts';
import { PlatformError, type TradingPlatform } from '../platform/port.ts';
import type { Clock } from './clock.ts';

/**
 * The seeded demo strategies' rules (docs/adr/0093), on closing prices of M15 bars of the embedded
 * platform, evaluated once a minute by the leader process:
 *
 * - `ma_crossover`: always in the market, long while the 5-bar simple moving average is above the
 *   20-bar one, short while below; a cross closes the position and opens the other way.
 * - `mean_reversion`: flat until the last close is more than 1.5 standard deviations from the
 *   20-bar mean; then buys below it (sells above), and closes once the price is back at the mean.
 */
export const BOT_RULES = ['ma_crossover', 'mean_reversion'] as const;
export type BotRule = (typeof BOT_RULES)[number];

export const FAST = 5;
export const SLOW = 20;
export const BAND = 1.5;

export type BotAction = { type: 'open'; side: Side } | { type: 'close' } | { type: 'reverse'; side: Side } | null;

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** What the rule does on these closes (oldest first) given the side it holds (null: flat). Pure. */
export function decide(rule: BotRule, closes: readonly number[], holding: Side | null): BotAction {
  if (closes.length < SLOW) return null;
  const slowWindow = closes.slice(-SLOW);
  if (rule === 'ma_crossover') {
    const fast = mean(closes.slice(-FAST));
    const slow = mean(slowWindow);
    if (fast === slow) return null;
    const want: Side = fast > slow ? 'buy' : 'sell';
    if (holding === want) return null;
    return holding === null ? { type: 'open', side: want } : { type: 'reverse', side: want };
  }
  const m = mean(slowWindow);
  const sd = Math.sqrt(slowWindow.reduce((a, x) => a + (x - m) ** 2, 0) / (slowWindow.length - 1));
  const last = closes.at(-1)!;
  if (holding === 'buy') return last >= m ? { type: 'close' } : null;
  if (holding === 'sell') return last <= m ? { type: 'close' } : null;
  if (sd === 0) return null;
  const z = (last - m) / sd;
  if (z <= -BAND) return { type: 'open', side: 'buy' };
  if (z >= BAND) return { type: 'open', side: 'sell' };
  return null;
}

/** Lots a bot trades per order. */
export const BOT_VOLUME: Record<BotRule, number> = { ma_crossover: 0.5, mean_reversion: 0.1 };

/** Runs every seeded strategy's rule once; answers how many orders were placed. The copier hears each order like any other. */
export async function runBots({ db, clock, platform }: { db: Db; clock: Clock; platform: TradingPlatform }): Promise<number> {
  const bots = await db
    .selectFrom('strategies as s')
    .innerJoin('trading_accounts as a', 'a.id', 's.account_id')
    .select(['s.rule', 's.rule_symbol', 'a.number as login'])
    .where('s.rule', 'is not', null)
    .where('a.status', '=', 'active')
    .execute();
  let orders = 0;
  const now = clock();
  for (const bot of bots) {
    const rule = bot.rule as BotRule;
    const symbol = bot.rule_symbol as TradingSymbol;
    if (!BOT_RULES.includes(rule)) continue;
    try {
      const bars = await platform.bars(symbol, 'M15', { from: new Date(now.getTime() - 4 * 86_400_000), to: now, limit: SLOW + 5 });
      const positions = (await platform.positions(bot.login)).filter((p) => p.symbol === symbol);
      const holding = positions[0]?.side ?? null;
      const action = decide(rule, bars.map((b) => b.close), holding);
      if (!action) continue;
      if (action.type !== 'open') for (const p of positions) await platform.closePosition(bot.login, p.ticket);
      if (action.type !== 'close') {
        await platform.placeOrder(bot.login, { symbol, side: action.side, volume: BOT_VOLUME[rule], stop_loss: null, take_profit: null });
      }
      orders++;
    } catch (error) {
      // A closed market or stale prices: the rule is asked again next minute.
      if (!(error instanceof PlatformError)) throw error;
    }
  }
  return orders;
}
