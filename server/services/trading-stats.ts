import { type Deal, isMoneyDeal, type TradingStats } from '../../contract/platform.ts';

/**
 * Results of closed positions from an account's deals, oldest first. The drawdown is measured on
 * the balance curve the deals draw, counting trading only: money paid in or out moves the curve
 * and its peak together, so a withdrawal is not a loss.
 */
export function tradingStats(account: { id: number; currency: string; precision: number }, deals: readonly Deal[]): TradingStats {
  let trades = 0;
  let wins = 0;
  let grossProfit = 0;
  let grossLoss = 0;
  let balance = 0;
  let peak = 0;
  let maxDrawdown = 0;
  let maxDrawdownPercent: number | null = null;
  for (const deal of deals) {
    if (isMoneyDeal(deal)) {
      balance += deal.profit;
      peak = Math.max(peak + deal.profit, balance);
      continue;
    }
    if (deal.kind === 'balance') {
      // The negative balance protection's correction: the platform's, not a trade; the curve rises back to zero.
      balance += deal.profit;
      peak = Math.max(peak, balance);
      continue;
    }
    if (deal.entry !== 'out') continue;
    trades++;
    if (deal.profit > 0) {
      wins++;
      grossProfit += deal.profit;
    } else grossLoss += deal.profit;
    balance += deal.profit;
    peak = Math.max(peak, balance);
    const drawdown = peak - balance;
    if (drawdown > maxDrawdown) {
      maxDrawdown = drawdown;
      maxDrawdownPercent = peak > 0 ? round2((drawdown / peak) * 100) : null;
    }
  }
  return {
    account_id: account.id,
    currency: account.currency,
    precision: account.precision,
    trades,
    wins,
    win_rate: trades === 0 ? null : round2((wins / trades) * 100),
    profit: grossProfit + grossLoss,
    gross_profit: grossProfit,
    gross_loss: grossLoss,
    max_drawdown: maxDrawdown,
    max_drawdown_percent: maxDrawdown === 0 ? (trades === 0 ? null : 0) : maxDrawdownPercent,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
