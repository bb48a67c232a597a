import type { AnyMachineSnapshot } from 'xstate';
import type { TradingAccount } from '../../contract/trading';
import { fetchError } from '../form/form.model';
import { doneEvent, errorEvent, type MachineModel } from '../testing/model';
import { tradingAccountMachine, type TradingAccountContext, type TradingAccountEvent } from './trading-account.machine';

export const modelAccount: TradingAccount = {
  id: 1,
  number: '40012345',
  type: 'live',
  currency: { id: 1, code: 'USD', name: 'US Dollar', precision: 2 },
  leverage: 100,
  balance: 0,
  equity: 0,
  available: 0,
  status: 'active',
  created_at: '2030-01-15T09:00:00.000Z',
  nickname: null,
  free_margin: 0,
  margin_level: null,
};

export const CAP_MESSAGE = 'You can hold at most 5 trading accounts.';

const events: TradingAccountEvent[] = [
  { type: 'accounts.reload' },
  { type: 'dialog.open' },
  { type: 'dialog.close' },
  { type: 'field.change', field: 'currency_id', value: '1' },
  { type: 'field.keydown', field: 'currency_id' },
  { type: 'form.submit' },
];

export const tradingAccountModel: MachineModel = {
  machine: tradingAccountMachine,
  inputs: [undefined],
  events: [
    ...events,
    doneEvent('fetchAccounts', [modelAccount]),
    errorEvent('fetchAccounts', fetchError({ message: 'Server Error' })),
    doneEvent('createAccount', modelAccount),
    errorEvent('createAccount', fetchError({ message: CAP_MESSAGE, errors: { currency_id: [CAP_MESSAGE] } })),
    errorEvent('createAccount', new TypeError('Failed to fetch')),
  ],
  serialize: (snapshot: AnyMachineSnapshot) => {
    const { accounts, data, errors, message } = snapshot.context as TradingAccountContext;
    return JSON.stringify({ value: snapshot.value, accounts: accounts.length, currency: data.currency_id, errors: Object.keys(errors), message });
  },
  limit: 20_000,
};
