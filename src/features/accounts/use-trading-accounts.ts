import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { tradingAccountMachine } from '../../../machines/trading-account/trading-account.machine';
import { selectAccounts, selectIsFirstLoad, selectLoadFailed } from '../../../machines/trading-account/trading-account.selectors';
import { createAccount } from './api/create-account';
import { fetchAccounts } from './api/fetch-accounts';

/** The trading-account machine with the HTTP calls injected. */
export function useTradingAccountsActor() {
  return useActorRef(
    tradingAccountMachine.provide({
      actors: {
        fetchAccounts: fromPromise(() => fetchAccounts()),
        createAccount: fromPromise(({ input }) => createAccount(input.data)),
      },
    }),
  );
}

export type TradingAccountsActor = ReturnType<typeof useTradingAccountsActor>;

export function useAccountList(actor: TradingAccountsActor) {
  return {
    accounts: useSelector(actor, selectAccounts),
    firstLoad: useSelector(actor, selectIsFirstLoad),
    failed: useSelector(actor, selectLoadFailed),
  };
}
