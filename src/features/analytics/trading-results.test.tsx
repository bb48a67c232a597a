import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { TradingStats } from '../../../contract/platform';
import type { BalanceHistory } from '../../../contract/trading';
import { mockServer } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { testAccount } from '../../test/trading-fixtures';
import { testUser } from '../../test/users';

// The chart draws on a canvas that happy-dom lacks; the figures beside it are under test here.
vi.mock('./BalanceChart', () => ({ BalanceChart: ({ label }: { label: string }) => <p>{label}</p> }));

const traded = testAccount({ id: 7, number: '40012345' });
const fresh = testAccount({ id: 8, number: '40012346' });
const stats: Record<number, TradingStats> = {
  7: {
    account_id: 7,
    currency: 'USD',
    precision: 2,
    trades: 8,
    wins: 5,
    win_rate: 62.5,
    profit: 123_450,
    gross_profit: 200_000,
    gross_loss: -76_550,
    max_drawdown: 45_000,
    max_drawdown_percent: 12.34,
  },
  8: { account_id: 8, currency: 'USD', precision: 2, trades: 0, wins: 0, win_rate: null, profit: 0, gross_profit: 0, gross_loss: 0, max_drawdown: 0, max_drawdown_percent: null },
};
const history = (id: number): BalanceHistory => ({ account_id: id, currency: 'USD', precision: 2, points: [{ date: '2026-11-20', balance: 125_050, equity: 125_050 }] });

mockServer(
  mock.get('*/api/user', () => HttpResponse.json(testUser())),
  mock.get('*/api/trading-account', () => HttpResponse.json([traded, fresh])),
  mock.get('*/api/trading-account/:id/balance-history', ({ params }) => HttpResponse.json(history(Number(params.id)))),
  mock.get('*/api/analytics/trading', ({ request }) => HttpResponse.json(stats[Number(new URL(request.url).searchParams.get('account_id'))])),
);

describe('analytics: trading results', { timeout: 30_000 }, () => {
  it('shows profit and loss, win rate, trades and maximum drawdown beside the chart, and an empty state without trades', async () => {
    const user = userEvent.setup();
    renderApp('/en/analytics', { signedIn: true });
    const results = within(await screen.findByRole('region', { name: 'Trading results' }));
    const figure = async (label: string) => (await results.findByText(label, { selector: 'dt' })).nextElementSibling?.textContent;
    expect(await figure('Profit and loss')).toBe('+$1,234.50');
    expect(await figure('Win rate')).toBe('62.5%');
    expect(await figure('Trades')).toBe('8');
    expect(await figure('Maximum drawdown')).toBe('$450.00');
    expect(results.getByText('12.3% from the highest balance')).toBeTruthy();
    expect(results.getByText('5 winning trades')).toBeTruthy();
    expect(screen.getByText('Balance now')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Account'), '8');
    // The results are the chosen account's: its own section, loaded afresh.
    const empty = within(await screen.findByRole('region', { name: 'Trading results' }));
    expect(await empty.findByText('No closed trades yet')).toBeTruthy();
    expect(empty.queryByText('Win rate')).toBeNull();
  });

  it('writes the figures as Ukrainian writes them', async () => {
    renderApp('/ua/analytics', { signedIn: true });
    const results = within(await screen.findByRole('region', { name: 'Підсумки торгівлі' }));
    const winRate = (await results.findByText('Частка прибуткових', { selector: 'dt' })).nextElementSibling?.textContent;
    expect(winRate).toBe(new Intl.NumberFormat('uk-UA', { style: 'percent', maximumFractionDigits: 1 }).format(0.625));
    expect(winRate).toContain('62,5');
    expect(results.getByText('5 прибуткових угод')).toBeTruthy();
  });
});
