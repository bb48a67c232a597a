import { useEffect } from 'react';
import {
  ACCOUNT_CHANGED_EVENT,
  ACCOUNT_STATE_EVENT,
  PRICE_TICK_EVENT,
  PRICES_CHANNEL,
  type AccountDetails,
  type AccountStateUpdate,
  type PricesTick,
} from '../../../contract/platform';
import { queryClient } from '../../data/query-client';
import { realtime } from '../../lib/realtime';
import { accountKeys } from '../accounts';
import { accountDetailsQuery, tradingKeys } from './api/fetch-account-details';
import { mergeQuotes } from './live-quotes';

/** When the realtime settings cannot be had: try again after these (the last repeats). */
const RETRY_DELAYS = [2_000, 5_000, 15_000] as const;

/** The live state and each position's price and profit, written into the page's query. */
export function applyStateUpdate(details: AccountDetails, update: AccountStateUpdate): AccountDetails {
  const moved = new Map(update.positions.map((p) => [p.ticket, p]));
  return {
    ...details,
    state: update.state,
    positions: details.positions.map((position) => {
      const live = moved.get(position.ticket);
      return live ? { ...position, current_price: live.current_price, profit: live.profit } : position;
    }),
  };
}

/** A position opened or closed, or money moved: everything of the account loads afresh. */
export function accountChanged(login: string): void {
  void queryClient.invalidateQueries({ queryKey: tradingKeys.account(login) });
  void queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

/**
 * While an account's page is open: its private channel (`account.state` moves the state and the
 * positions, `account.changed` reloads them) and the public prices channel (the order ticket's
 * quotes), on the app's one socket. Every subscription reloads, the first included: a change sent
 * before it (the page's first load is answered before the socket connects) or while the socket
 * was away is not sent again. A missed tick needs nothing: the next one replaces it.
 */
export function useAccountLive(login: string): void {
  useEffect(() => {
    const leaveAccount = realtime.subscribe(
      `account.${login}`,
      {
        events: {
          [ACCOUNT_STATE_EVENT]: (update: AccountStateUpdate) =>
            queryClient.setQueryData(accountDetailsQuery(login).queryKey, (held) => (held ? applyStateUpdate(held, update) : held)),
          [ACCOUNT_CHANGED_EVENT]: () => accountChanged(login),
        },
        catchUp: () => accountChanged(login),
      },
      { private: true, retryDelays: RETRY_DELAYS },
    );
    const leavePrices = realtime.subscribe(PRICES_CHANNEL, {
      events: { [PRICE_TICK_EVENT]: (tick: PricesTick) => mergeQuotes(tick.quotes) },
      catchUp: null,
    });
    return () => {
      leaveAccount();
      leavePrices();
    };
  }, [login]);
}
