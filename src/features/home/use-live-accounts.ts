import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ACCOUNT_STATE_EVENT, type AccountState, type AccountStateUpdate } from '../../../contract/platform';
import type { TradingAccount } from '../../../contract/trading';
import { queryClient } from '../../data/query-client';
import { realtime } from '../../lib/realtime';
import type { LiveAccounts } from '../accounts';
import { platformQuery } from './api/fetch-platform';

/**
 * Home's cards, live: each active account shown listens on its private channel
 * (`private-account.{login}`, on the one socket, counted per channel) and takes the platform's
 * `account.state`; the margin-call and stop-out levels come from GET /api/platform.
 */
export function useLiveAccounts(accounts: TradingAccount[]): LiveAccounts {
  const [states, setStates] = useState<ReadonlyMap<string, AccountState>>(new Map());
  const logins = accounts
    .filter((a) => a.status === 'active')
    .map((a) => a.number)
    .sort()
    .join(' ');
  const platform = useQuery({ ...platformQuery(), enabled: logins !== '' }, queryClient);

  useEffect(() => {
    if (logins === '') return;
    const leave = logins.split(' ').map((login) =>
      realtime.subscribe(
        `account.${login}`,
        {
          events: {
            [ACCOUNT_STATE_EVENT]: ({ state }: AccountStateUpdate) => setStates((held) => new Map(held).set(login, state)),
          },
        },
        // No socket: the cards keep the figures loaded with the list.
        { private: true, onUnavailable: () => {} },
      ),
    );
    return () => {
      for (const unsubscribe of leave) unsubscribe();
    };
  }, [logins]);

  const live = useMemo(
    () =>
      accounts.map((account) => {
        const state = states.get(account.number);
        if (!state || account.status !== 'active') return account;
        const { balance, equity, free_margin, margin_level, leverage } = state;
        // What may leave moves with the platform (balance and free margin, as the server counts it); pending withdrawals hold the same as at load.
        const held = Math.max(0, Math.min(account.balance, account.free_margin) - account.available);
        return { ...account, balance, equity, free_margin, margin_level, leverage, available: Math.max(0, Math.min(balance, free_margin) - held) };
      }),
    [accounts, states],
  );
  const info = platform.data;
  return { accounts: live, levels: info ? { margin_call: info.margin_call_level, stop_out: info.stop_out_level } : null };
}
