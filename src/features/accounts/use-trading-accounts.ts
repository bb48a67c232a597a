import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { tradingAccountMachine } from '../../../machines/trading-account/trading-account.machine';
import { selectAccounts, selectIsFirstLoad, selectIsReloading, selectLoadFailed } from '../../../machines/trading-account/trading-account.selectors';
import { queryClient } from '../../data/query-client';
import { createAccount } from './api/create-account';
import { accountKeys, accountsQuery } from './api/fetch-accounts';

/**
 * The trading-account machine (it owns the list on home and the create dialog) with the HTTP
 * calls injected. The list comes through the same query as every other screen's, and an account
 * created here makes those screens load the list afresh. A reload starts a load under way over
 * (the machine's `accounts.reload`): that load may have been read before the change that asked
 * for the reload, and the query would otherwise hand its answer to both.
 */
export function useTradingAccountsActor() {
  return useActorRef(
    tradingAccountMachine.provide({
      actors: {
        fetchAccounts: fromPromise(async () => {
          await queryClient.cancelQueries({ queryKey: accountsQuery().queryKey, exact: true });
          return queryClient.fetchQuery(accountsQuery());
        }),
        createAccount: fromPromise(async ({ input }) => {
          const account = await createAccount(input.data);
          void queryClient.invalidateQueries({ queryKey: accountKeys.all });
          return account;
        }),
      },
    }),
  );
}

export type TradingAccountsActor = ReturnType<typeof useTradingAccountsActor>;

export function useAccountList(actor: TradingAccountsActor) {
  return {
    accounts: useSelector(actor, selectAccounts),
    firstLoad: useSelector(actor, selectIsFirstLoad),
    reloading: useSelector(actor, selectIsReloading),
    failed: useSelector(actor, selectLoadFailed),
  };
}
