import type { AccountState, Position } from '../../../contract/platform.ts';
import { type AccountRow, type PositionRow, type Quotes, stateOf, valuePosition } from './valuation.ts';

export type Trigger = 'stop_loss' | 'take_profit';

/** Which stop, if any, the current price has reached: a buy closes at the bid, a sell at the ask. */
export function triggerOf(position: Pick<Position, 'side' | 'current_price' | 'stop_loss' | 'take_profit'>): Trigger | null {
  const { side, current_price: price, stop_loss: sl, take_profit: tp } = position;
  if (side === 'buy') {
    if (sl !== null && price <= sl) return 'stop_loss';
    if (tp !== null && price >= tp) return 'take_profit';
  } else {
    if (sl !== null && price >= sl) return 'stop_loss';
    if (tp !== null && price <= tp) return 'take_profit';
  }
  return null;
}

export interface Revaluation {
  state: AccountState;
  positions: Position[];
  /** Positions whose stop-loss or take-profit the price has reached. */
  triggered: Array<{ ticket: number; reason: Trigger }>;
  /** The margin level is at or below the stop-out level. */
  stopOut: boolean;
}

export interface Levels {
  marginCall: number;
  stopOut: number;
}

/**
 * One tick's revaluation of every open position, grouped by account: each account's state, the
 * stops reached and whether a stop-out is due. Pure, so that the bench can time it alone.
 */
export function revalue(accounts: ReadonlyMap<string, AccountRow>, positions: readonly PositionRow[], quotes: Quotes, levels: Levels, now: Date): Map<string, Revaluation> {
  const byLogin = new Map<string, Position[]>();
  for (const row of positions) {
    const account = accounts.get(row.login);
    if (!account) continue;
    const valued = valuePosition(row, account, quotes);
    const list = byLogin.get(row.login);
    if (list) list.push(valued);
    else byLogin.set(row.login, [valued]);
  }
  const out = new Map<string, Revaluation>();
  for (const [login, list] of byLogin) {
    const state = stateOf(accounts.get(login)!, list, now, levels.marginCall);
    const triggered: Revaluation['triggered'] = [];
    for (const p of list) {
      const reason = triggerOf(p);
      if (reason) triggered.push({ ticket: p.ticket, reason });
    }
    out.set(login, { state, positions: list, triggered, stopOut: state.margin_level !== null && state.margin_level <= levels.stopOut });
  }
  return out;
}
