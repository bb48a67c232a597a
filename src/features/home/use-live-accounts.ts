import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ACCOUNT_CHANGED_EVENT, ACCOUNT_STATE_EVENT, type AccountState, type AccountStateUpdate } from '../../../contract/platform';
import { queryClient } from '../../data/query-client';
import { realtime } from '../../lib/realtime';
import { accountKeys, type UseLiveAccounts } from '../accounts';
import { platformQuery } from './api/fetch-platform';

/**
 * Home's cards, live: each active account shown listens on its private channel
 * (`private-account.{login}`, on the one socket, counted per channel) and takes the platform's
 * `account.state`; the margin-call and stop-out levels come from GET /api/platform. On
 * `account.changed` (a position closed by a stop or by the client in another tab, money moved by
 * a request decided elsewhere) the list loads afresh: the balance and what may leave changed, and
 * an account without open positions gets no `account.state` to say so. It loads afresh once all
 * the cards' channels are subscribed too, the first time included: a change sent before (the list
 * is answered before the socket connects) or while the socket was away is not sent again.
 */
export const useLiveAccounts: UseLiveAccounts = (accounts, reload) => {
  const [states, setStates] = useState<ReadonlyMap<string, AccountState>>(new Map());
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const logins = accounts
    .filter((a) => a.status === 'active')
    .map((a) => a.number)
    .sort()
    .join(' ');
  const platform = useQuery({ ...platformQuery(), enabled: logins !== '' }, queryClient);

  useEffect(() => {
    if (logins === '') return;
    const loadAfresh = () => {
      // Every screen holding accounts (analytics, the wallet) loads them afresh too.
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      reloadRef.current();
    };
    // One catch-up for all the cards, once every account's channel is subscribed: the list is one request.
    return realtime.subscribeAll(
      logins.split(' ').map((login) => ({
        name: `account.${login}`,
        handlers: {
          events: {
            [ACCOUNT_STATE_EVENT]: ({ state }: AccountStateUpdate) => setStates((held) => new Map(held).set(login, state)),
            [ACCOUNT_CHANGED_EVENT]: loadAfresh,
          },
        },
      })),
      loadAfresh,
      // No socket: the cards keep the figures loaded with the list.
      { private: true, onUnavailable: () => {} },
    );
  }, [logins]);

  // A list loaded afresh is newer than the states held: they would show the balance before the change.
  useEffect(() => setStates(new Map()), [accounts]);

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
};
