import { assign, emit, fromPromise, raise, setup } from 'xstate';
import type { AccountType, TradingAccount } from '../../contract/trading';
import { errorsFromResponse } from '../form/form-errors';

/** What the create dialog holds: text, as the controls give it. */
export interface CreateAccountData {
  currency_id: string;
  type: AccountType;
  leverage: string;
}

export const EMPTY_CREATE_DATA: CreateAccountData = { currency_id: '', type: 'live', leverage: '100' };

export interface TradingAccountContext {
  accounts: TradingAccount[];
  data: CreateAccountData;
  /** Server errors by field (`currency_id` carries the cap message). */
  errors: Record<string, string[]>;
  /** The generic error when no field carries one. */
  message: string | null;
}

export type TradingAccountEvent =
  | { type: 'accounts.reload' }
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'field.change'; field: keyof CreateAccountData; value: string }
  | { type: 'field.keydown'; field: keyof CreateAccountData }
  | { type: 'form.submit' };

export type TradingAccountEmitted = { type: 'account.created'; account: TradingAccount };

export const tradingAccountEvents = {
  'accounts.reload': 'fetch the accounts again (a fetch under way starts over)',
  'dialog.open': 'open the create dialog with an empty form',
  'dialog.close': 'close the dialog (ignored while the create request runs)',
  'field.change': 'a control changed: store its value',
  'field.keydown': "a key went down in a control: clear that field's errors",
  'form.submit': 'send the create request (ignored while one runs)',
} as const satisfies Record<TradingAccountEvent['type'], string>;

export const tradingAccountEmitted = {
  'account.created': 'the server created the account; the dialog has closed and the list reloads',
} as const satisfies Record<TradingAccountEmitted['type'], string>;

/**
 * The client's trading accounts and the seed's creation dialog: the list loads, the dialog
 * submits `currency_id` (and type, leverage), the button is busy meanwhile, a success closes the
 * dialog and reloads the list, a failure shows the server's field errors and keeps the input.
 * `fetchAccounts` and `createAccount` are injected.
 */
export const tradingAccountMachine = setup({
  types: {
    context: {} as TradingAccountContext,
    events: {} as TradingAccountEvent,
    emitted: {} as TradingAccountEmitted,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    fetchAccounts: fromPromise<TradingAccount[]>(async () => {
      throw new Error('fetchAccounts not provided');
    }),
    createAccount: fromPromise<TradingAccount, { data: CreateAccountData }>(async () => {
      throw new Error('createAccount not provided');
    }),
  },
  actions: {
    setAccounts: assign({ accounts: (_, params: { accounts: TradingAccount[] }) => params.accounts }),
    resetForm: assign({ data: EMPTY_CREATE_DATA, errors: {}, message: null }),
    change: assign({
      data: ({ context }, params: { field: keyof CreateAccountData; value: string }) => ({ ...context.data, [params.field]: params.value }),
    }),
    clearFieldErrors: assign({
      errors: ({ context }, params: { field: string }) => {
        if (!(params.field in context.errors)) return context.errors;
        const { [params.field]: _cleared, ...rest } = context.errors;
        return rest;
      },
    }),
    startSubmit: assign({ message: null }),
    fail: assign((_, params: { error: unknown }) => errorsFromResponse(params.error)),
    emitCreated: emit((_, params: { account: TradingAccount }) => ({ type: 'account.created' as const, account: params.account })),
    reloadAccounts: raise({ type: 'accounts.reload' }),
  },
}).createMachine({
  id: 'tradingAccount',
  type: 'parallel',
  context: { accounts: [], data: EMPTY_CREATE_DATA, errors: {}, message: null },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'fetchAccounts',
            src: 'fetchAccounts',
            onDone: { target: 'loaded', actions: { type: 'setAccounts', params: ({ event }) => ({ accounts: event.output }) } },
            onError: { target: 'failed' },
          },
          on: { 'accounts.reload': { target: 'loading', reenter: true } },
        },
        loaded: { on: { 'accounts.reload': 'loading' } },
        failed: { on: { 'accounts.reload': 'loading' } },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: { on: { 'dialog.open': { target: 'open', actions: 'resetForm' } } },
        open: {
          initial: 'editing',
          on: {
            'field.change': { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'field.keydown': { actions: { type: 'clearFieldErrors', params: ({ event }) => ({ field: event.field }) } },
          },
          states: {
            editing: {
              on: {
                'form.submit': 'submitting',
                'dialog.close': '#tradingAccount.dialog.closed',
              },
            },
            submitting: {
              tags: ['busy'],
              entry: 'startSubmit',
              invoke: {
                id: 'createAccount',
                src: 'createAccount',
                input: ({ context }) => ({ data: context.data }),
                onDone: {
                  target: '#tradingAccount.dialog.closed',
                  actions: [{ type: 'emitCreated', params: ({ event }) => ({ account: event.output }) }, 'reloadAccounts'],
                },
                // Back to the form with what was chosen: nothing is lost.
                onError: { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});

export type TradingAccountMachine = typeof tradingAccountMachine;
