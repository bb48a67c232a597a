import { describe, expect, it } from 'vitest';
import type { Deal } from '../../contract/platform.ts';
import { tradingStats } from '../../server/services/trading-stats.ts';

let ticket = 0;
const money = (profit: number): Deal => ({ ticket: ++ticket, time: '', kind: 'balance', entry: null, reason: 'balance', symbol: null, volume: null, price: null, position_ticket: null, profit, comment: 'DEP-X' });
const closed = (profit: number): Deal => ({ ticket: ++ticket, time: '', kind: 'sell', entry: 'out', reason: 'client', symbol: 'EURUSD', volume: 1, price: 1.1, position_ticket: ticket, profit, comment: '' });
const opened = (): Deal => ({ ...closed(0), kind: 'buy', entry: 'in' });
const account = { id: 7, currency: 'USD', precision: 2 };

describe('trading results from deals', () => {
  it('counts closing deals only, and measures the drawdown on trading, not on money paid out', () => {
    const deals = [money(100_000), opened(), closed(5_000), opened(), closed(-20_000), money(-10_000), opened(), closed(-5_000), opened(), closed(1_000)];
    expect(tradingStats(account, deals)).toEqual({
      account_id: 7,
      currency: 'USD',
      precision: 2,
      trades: 4,
      wins: 2,
      win_rate: 50,
      profit: -19_000,
      gross_profit: 6_000,
      gross_loss: -25_000,
      // Peak 105,000 after the first win; the withdrawal lowers peak and balance alike (95,000 and
      // 75,000); the next loss leaves 70,000: 25,000 below the peak, 26.32 % of it.
      max_drawdown: 25_000,
      max_drawdown_percent: 26.32,
    });
  });

  it('answers no rate and no drawdown for an account that never traded', () => {
    expect(tradingStats(account, [money(5_000)])).toMatchObject({ trades: 0, wins: 0, win_rate: null, profit: 0, max_drawdown: 0, max_drawdown_percent: null });
  });

  it('answers a zero drawdown for winners only', () => {
    expect(tradingStats(account, [money(1_000), closed(10), closed(20)])).toMatchObject({ trades: 2, win_rate: 100, max_drawdown: 0, max_drawdown_percent: 0 });
  });
});
