import type { TradingSymbol } from '../../../contract/platform.ts';
import type { Locale } from '../../../contract/locales.ts';

/**
 * The demo's copy-trading providers and their strategies (seed-investing.ts). Each trades by itself
 * on the embedded platform by its documented rule (services/strategy-bots.ts) and has months of
 * history: one closed trade a weekday whose result is drawn (deterministically) around a small
 * edge, so returns, drawdown, risk and the equity chart mean something from the first visit.
 */
export interface DemoStrategy {
  provider: { first_name: string; second_name: string; email: string };
  currency: 'USD' | 'EUR';
  deposit: number;
  openedDaysAgo: number;
  name: string;
  rule: 'ma_crossover' | 'mean_reversion';
  symbol: TradingSymbol;
  /** Lots per past trade, its price move's mean and spread (in price units), the price it moves around. */
  history: { volume: number; edge: number; spread: number; around: number };
  performance_fee_percent: number;
  management_fee_percent: number;
  /** Major units. */
  min_investment: number;
  descriptions: Record<Locale, string>;
}

export const DEMO_STRATEGIES: DemoStrategy[] = [
  {
    provider: { first_name: 'Oliver', second_name: 'Brandt', email: 'provider.trend@traderoom.test' },
    currency: 'EUR',
    deposit: 1_000_000,
    openedDaysAgo: 200,
    name: 'EURUSD Trend Rider',
    rule: 'ma_crossover',
    symbol: 'EURUSD',
    history: { volume: 0.3, edge: 0.0004, spread: 0.0025, around: 1.085 },
    performance_fee_percent: 20,
    management_fee_percent: 1,
    min_investment: 100,
    descriptions: {
      en: 'Always in the market on EURUSD: long while the 5-bar average of 15-minute closes is above the 20-bar one, short while below. A demo strategy that trades by itself.',
      ru: 'Всегда в рынке по EURUSD: покупка, пока средняя 5 пятнадцатиминутных свечей выше средней 20, продажа — пока ниже. Демонстрационная стратегия, торгует сама.',
      ua: 'Завжди в ринку за EURUSD: купівля, доки середня 5 п’ятнадцятихвилинних свічок вища за середню 20, продаж — доки нижча. Демонстраційна стратегія, торгує сама.',
    },
  },
  {
    provider: { first_name: 'Sofia', second_name: 'Lind', email: 'provider.gold@traderoom.test' },
    currency: 'USD',
    deposit: 2_000_000,
    openedDaysAgo: 120,
    name: 'Gold Mean Reversion',
    rule: 'mean_reversion',
    symbol: 'XAUUSD',
    history: { volume: 0.2, edge: 1.6, spread: 12, around: 2350 },
    performance_fee_percent: 25,
    management_fee_percent: 0,
    min_investment: 250,
    descriptions: {
      en: 'Buys gold when its price falls 1.5 standard deviations below the 20-bar mean of 15-minute closes, sells when it rises as far above, and exits back at the mean.',
      ru: 'Покупает золото, когда цена опускается на 1,5 стандартного отклонения ниже средней 20 пятнадцатиминутных свечей, продаёт при таком же подъёме и выходит, когда цена возвращается к средней.',
      ua: 'Купує золото, коли ціна опускається на 1,5 стандартного відхилення нижче середньої 20 п’ятнадцятихвилинних свічок, продає за такого самого підйому й виходить, коли ціна повертається до середньої.',
    },
  },
  {
    provider: { first_name: 'Marek', second_name: 'Novak', email: 'provider.cable@traderoom.test' },
    currency: 'USD',
    deposit: 500_000,
    openedDaysAgo: 75,
    name: 'Cable Momentum',
    rule: 'ma_crossover',
    symbol: 'GBPUSD',
    history: { volume: 0.5, edge: 0.0003, spread: 0.0035, around: 1.27 },
    performance_fee_percent: 30,
    management_fee_percent: 2,
    min_investment: 500,
    descriptions: {
      en: 'The moving-average crossover on GBPUSD with a large position for its account: higher returns, deeper drawdowns.',
      ru: 'Пересечение скользящих средних по GBPUSD с крупной для своего счёта позицией: доходность выше, просадки глубже.',
      ua: 'Перетин ковзних середніх за GBPUSD із великою для свого рахунку позицією: дохідність вища, просідання глибші.',
    },
  },
];
