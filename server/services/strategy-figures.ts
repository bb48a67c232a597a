import { isMoneyDeal } from '../../contract/platform.ts';
import { annualisedVolatility, maxDrawdown, riskScore, STRATEGY_PERIOD_DAYS, STRATEGY_PERIODS, type EquityPoint, type StrategyPeriod, type StrategyTrade } from '../../contract/investing.ts';
import type { TradingPlatform } from '../platform/port.ts';

const DAY_MS = 86_400_000;

/** What the leaderboard and a strategy's page show, computed from the platform's daily reports and deals. */
export interface StrategyFigures {
  equity: EquityPoint[];
  /** Time-weighted performance index per point (1 at the start): money moved in or out does not count. */
  index: number[];
  returns: Record<StrategyPeriod, number>;
  maxDrawdownPercent: number;
  risk: number;
  volatility: number;
  trades: StrategyTrade[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The index: each day's return is (equity − the day's money moved) / yesterday's equity − 1, so a
 * deposit is no gain and a withdrawal no loss (the time-weighted return, GIPS's method).
 */
export function performanceIndex(points: readonly EquityPoint[], flowsByDay: ReadonlyMap<string, number>): number[] {
  const index: number[] = [];
  let value = 1;
  for (let i = 0; i < points.length; i++) {
    if (i > 0) {
      const before = points[i - 1]!.equity;
      const flow = flowsByDay.get(points[i]!.time.slice(0, 10)) ?? 0;
      if (before > 0) value *= (points[i]!.equity - flow) / before;
    }
    index.push(value);
  }
  return index;
}

/** Percent return over the last `days` days of the index (null: since the start). */
export function periodReturn(points: readonly EquityPoint[], index: readonly number[], days: number | null, now: Date): number {
  if (index.length === 0) return 0;
  let start = 0;
  if (days !== null) {
    const from = new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
    const at = points.findIndex((p) => p.time.slice(0, 10) >= from);
    start = Math.max(0, at === -1 ? index.length - 1 : at - 1 < 0 ? 0 : at - 1);
  }
  const first = index[start]!;
  return first > 0 ? round2((index.at(-1)! / first - 1) * 100) : 0;
}

export async function strategyFigures(platform: TradingPlatform, login: string, openedAt: string, now: Date): Promise<StrategyFigures> {
  const from = new Date(Date.parse(openedAt.slice(0, 10)));
  const [reports, deals] = await Promise.all([
    platform.dailyReports(login, { from, to: now }),
    platform.deals(login, { from: new Date(from.getTime() - DAY_MS), to: new Date(now.getTime() + 1), page: 1, per_page: 1000 }),
  ]);
  const equity = reports.map((r) => ({ time: r.time, equity: r.equity, balance: r.balance }));
  const flows = new Map<string, number>();
  for (const deal of deals.data) if (isMoneyDeal(deal)) flows.set(deal.time.slice(0, 10), (flows.get(deal.time.slice(0, 10)) ?? 0) + deal.profit);
  // The first day's money is what the index starts from, not a flow within it.
  const index = performanceIndex(equity, flows);
  const returns = Object.fromEntries(STRATEGY_PERIODS.map((p) => [p, periodReturn(equity, index, STRATEGY_PERIOD_DAYS[p], now)])) as Record<StrategyPeriod, number>;
  const ins = new Map(deals.data.filter((d) => d.entry === 'in').map((d) => [d.position_ticket, d]));
  const trades: StrategyTrade[] = [];
  for (const out of deals.data) {
    if (out.entry !== 'out' || out.position_ticket === null) continue;
    const opened = ins.get(out.position_ticket);
    if (!opened || !out.symbol || out.volume === null || out.price === null || opened.price === null) continue;
    trades.push({
      ticket: out.position_ticket,
      symbol: out.symbol,
      side: opened.kind === 'sell' ? 'sell' : 'buy',
      volume: out.volume,
      open_price: opened.price,
      close_price: out.price,
      open_time: opened.time,
      close_time: out.time,
      profit: out.profit,
    });
  }
  return {
    equity,
    index,
    returns,
    maxDrawdownPercent: round2(maxDrawdown(index) * 100),
    risk: riskScore(index),
    volatility: annualisedVolatility(index),
    trades,
  };
}
