import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BalanceHistory, LedgerEntry, Paged, TradingAccount, WalletRequest } from '../../contract/trading';
import type { TradingStats } from '../../contract/platform';
import type { User } from '../../contract/user';
import { mockServer } from '../test/msw';
import { renderApp } from '../test/render-app';
import { asAdmin, testUser } from '../test/users';

// The chart draws on a canvas that happy-dom lacks; its data is what is under test here.
vi.mock('./analytics/BalanceChart', () => ({ BalanceChart: ({ label }: { label: string }) => <p>{label}</p> }));

const client = testUser({ id: 5, first_name: 'Iryna', second_name: 'Bondar', email: 'iryna@example.com' });
const admin = asAdmin(client);

const account: TradingAccount = {
  id: 7,
  number: '40012345',
  type: 'live',
  currency: { id: 1, code: 'USD', name: 'US Dollar', precision: 2 },
  leverage: 100,
  balance: 125_050,
  equity: 125_050,
  available: 125_050,
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  nickname: null,
  free_margin: 125_050,
  margin_level: null,
};
const entry: LedgerEntry = {
  id: 41,
  account_id: 7,
  account_number: '40012345',
  kind: 'deposit',
  amount: 50_000,
  currency: 'USD',
  precision: 2,
  status: 'pending',
  reference: 'DEP-ABCDEFGH23',
  counterparty_account_number: null,
  created_at: '2026-01-02T00:00:00.000Z',
  decided_at: null,
  payment_method: null,
  fee: 0,
  platform_ticket: null,
  state: 'submitted',
  reason: null,
  expected_at: null,
};
const paged = <T,>(data: T[]): Paged<T> => ({ data, meta: { current_page: 1, per_page: 50, total: data.length, last_page: 1 } });
const request: WalletRequest = { ...entry, client: { id: 5, name: 'Iryna Bondar', email: 'iryna@example.com' }, account_type: 'live' };
const stats: TradingStats = { account_id: 7, currency: 'USD', precision: 2, trades: 0, wins: 0, win_rate: null, profit: 0, gross_profit: 0, gross_loss: 0, max_drawdown: 0, max_drawdown_percent: null };
const balances: BalanceHistory = { account_id: 7, currency: 'USD', precision: 2, points: [{ date: '2026-01-02', balance: 125_050, equity: 125_050 }] };

type Failure = 'server error' | 'network error';
/** Per call: how many more answers fail, and how. */
const failing = new Map<string, { left: number; how: Failure }>();
let user = client;

function answer(call: string, body: JsonBodyType) {
  const failure = failing.get(call);
  if (failure && failure.left > 0) {
    failure.left -= 1;
    return failure.how === 'network error' ? HttpResponse.error() : HttpResponse.json({ message: 'Server Error' }, { status: 500 });
  }
  return HttpResponse.json(body);
}

mockServer(
  mock.get('*/api/user', () => HttpResponse.json(user)),
  mock.get('*/api/trading-account', () => answer('accounts', [account])),
  mock.get('*/api/trading-account/:id/balance-history', () => answer('balances', balances)),
  mock.get('*/api/history', () => answer('history', paged([entry]))),
  mock.get('*/api/service-requests', () => HttpResponse.json([])),
  mock.get('*/api/admin/wallet-requests', () => answer('requests', paged([request]))),
  mock.get('*/api/payment-methods', () => HttpResponse.json([])),
  mock.get('*/api/analytics/trading', () => HttpResponse.json(stats)),
);
afterEach(() => {
  failing.clear();
  user = client;
});

const renderAt = (path: string) => renderApp(path, { signedIn: true });

/** The screen's own error (not the app's 5xx alert dialog), with its retry. */
async function loadError(text: string) {
  // The first render also loads the app's chunks: a wait limit, not a delay.
  const message = await screen.findByText(text);
  const banner = message.closest('[role="alert"]');
  expect(banner).not.toBeNull();
  return within(banner as HTMLElement).getByRole('button', { name: 'Try again' });
}

const cases: Array<{ screen: string; path: string; call: string; error: string; empty: string; loaded: string; as?: User }> = [
  { screen: 'History', path: '/en/history', call: 'history', error: 'Your operations could not be loaded.', empty: 'No operations yet', loaded: 'DEP-ABCDEFGH23' },
  { screen: 'Wallet', path: '/en/wallet', call: 'accounts', error: 'Your accounts could not be loaded.', empty: 'No trading accounts yet', loaded: 'Your balances' },
  { screen: 'Analytics (accounts)', path: '/en/analytics', call: 'accounts', error: 'Your accounts could not be loaded.', empty: 'No trading accounts yet', loaded: 'Balance now' },
  { screen: 'Analytics (chart)', path: '/en/analytics', call: 'balances', error: 'The balance history could not be loaded.', empty: 'No trading accounts yet', loaded: 'Balance now' },
  {
    screen: 'Administration → Requests',
    path: '/en/administration/requests',
    call: 'requests',
    error: 'The requests could not be loaded.',
    empty: 'Nothing is waiting',
    loaded: 'DEP-ABCDEFGH23',
    as: admin,
  },
];

describe('a failed load never reads "nothing here"', () => {
  for (const how of ['server error', 'network error'] as const) {
    it.each(cases)(`$screen shows the error with Try again on a ${how}, then the data`, async (c) => {
      user = c.as ?? client;
      failing.set(c.call, { left: 1, how });
      renderAt(c.path);
      const retry = await loadError(c.error);
      expect(screen.queryByText(c.empty)).toBeNull();

      await userEvent.setup().click(retry);
      expect(await screen.findByText(c.loaded)).toBeTruthy();
      expect(screen.queryByText(c.error)).toBeNull();
    });
  }
});
