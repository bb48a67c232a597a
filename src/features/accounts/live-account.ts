import type { TradingAccount } from '../../../contract/trading';

/** Where the platform calls a margin call and where it stops out, in percent of margin. */
export interface MarginLevels {
  margin_call: number;
  stop_out: number;
}

/** What home's cards show live: the accounts with their latest platform state, and the levels to judge them by. */
export interface LiveAccounts {
  accounts: TradingAccount[];
  levels: MarginLevels | null;
}

/**
 * A hook giving the cards their live figures: `accounts` as loaded, and `reload` to load the list
 * afresh when the platform says an account changed (a position closed, money moved).
 */
export type UseLiveAccounts = (accounts: TradingAccount[], reload: () => void) => LiveAccounts;

/** Without a live source the cards show the list as loaded. */
export const useStaticAccounts: UseLiveAccounts = (accounts) => ({ accounts, levels: null });

/** How close the account is to losing positions: at or below the margin call, at or below the stop-out. */
export function marginAlert(level: number | null, levels: MarginLevels | null): 'margin_call' | 'stop_out' | null {
  if (level === null || levels === null) return null;
  if (level <= levels.stop_out) return 'stop_out';
  if (level <= levels.margin_call) return 'margin_call';
  return null;
}
