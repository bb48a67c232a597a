import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CopiedTrade, CopySubscriptionDetails, CopySubscriptionState, FeeLine, StrategyDetails, StrategySummary, StrategyTrade } from '../../../contract/investing';
import type { PlatformInfo } from '../../../contract/platform';
import { DEFAULT_OFFICE_HOURS } from '../../../contract/support';
import { mockServer } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { testAccount } from '../../test/trading-fixtures';
import { testUser } from '../../test/users';

// jsdom has no canvas: the equity chart draws nothing here (the browser specs see it drawn).
vi.mock('lightweight-charts', () => {
  const series = { setData: () => undefined };
  const chart = { addSeries: () => series, timeScale: () => ({ fitContent: () => undefined, subscribeSizeChange: () => undefined }), remove: () => undefined };
  return {
    createChart: () => chart,
    AreaSeries: {},
    HistogramSeries: {},
    LineSeries: {},
    ColorType: { Solid: 'solid' },
    LineType: { Simple: 0, WithSteps: 1 },
  };
});

const USD = { code: 'USD', precision: 2 };
const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(Date.UTC(2026, 10, 20) - daysAgo * DAY).toISOString();

function summary(overrides: Partial<StrategySummary> = {}): StrategySummary {
  return {
    id: 3,
    name: 'Steady Trend EURUSD',
    provider: 'Demo T.',
    currency: USD,
    account_type: 'demo',
    visibility: 'public',
    return_percent: 12.34,
    period: '30d',
    max_drawdown_percent: 4.5,
    risk_score: 3,
    age_days: 45,
    investors: 12,
    funds_invested: 1_250_000,
    fee_plan: { performance_fee_percent: 20, management_fee_percent: 2, min_investment: 10_000, fee_period: 'weekly' },
    sparkline: [100, 101, 103, 102, 105],
    own: false,
    my_subscription_id: null,
    created_at: at(45),
    ...overrides,
  };
}

function details(overrides: Partial<StrategyDetails> = {}): StrategyDetails {
  return {
    ...summary(),
    description: 'Follows the trend of EURUSD with a moving-average crossover.',
    returns: { '7d': 1.5, '30d': 12.34, '90d': 20, '1y': 30, all: 35 },
    equity: [
      { time: at(2), equity: 1_000_000, balance: 1_000_000 },
      { time: at(1), equity: 1_050_000, balance: 1_050_000 },
    ],
    trades: [],
    trades_delay_minutes: 60,
    rule: null,
    hidden: false,
    ...overrides,
  };
}

function trade(overrides: Partial<CopiedTrade> = {}): CopiedTrade {
  return {
    id: 1,
    action: 'open',
    status: 'copied',
    reason: null,
    symbol: 'EURUSD',
    side: 'buy',
    strategy_ticket: 501,
    strategy_volume: 1,
    follower_ticket: 9001,
    volume: 0.05,
    strategy_equity: 2_000_000,
    follower_equity: 100_000,
    price: 1.1,
    profit: null,
    at: at(1),
    ...overrides,
  };
}

const managementFee: FeeLine = {
  id: 11,
  kind: 'management',
  trigger: 'daily',
  amount: 5,
  equity: 100_000,
  high_water_mark: null,
  rate_percent: 2,
  days: 1,
  period_start: at(2),
  period_end: at(1),
  reference: 'FEE-MGMT0001',
  at: at(1),
};
const performanceFee: FeeLine = {
  id: 12,
  kind: 'performance',
  trigger: 'withdrawal',
  amount: 2_000,
  equity: 110_000,
  high_water_mark: 100_000,
  rate_percent: 20,
  days: null,
  period_start: at(7),
  period_end: at(1),
  reference: 'FEE-PERF0002',
  at: at(1),
};

function subscription(state: CopySubscriptionState, overrides: Partial<CopySubscriptionDetails> = {}): CopySubscriptionDetails {
  return {
    id: 21,
    strategy: { id: 3, name: 'Steady Trend EURUSD', provider: 'Demo T.' },
    state,
    currency: USD,
    copy_account: { id: 70, number: '50000070' },
    source_account_id: 7,
    invested: 100_000,
    balance: 105_000,
    equity: 105_000,
    free_margin: 90_000,
    profit: 5_000,
    fees_paid: 2_005,
    high_water_mark: 108_000,
    stop_loss: null,
    created_at: at(3),
    closed_at: null,
    fee_plan: summary().fee_plan,
    trades: [],
    fees: [],
    timeline: [{ from: null, to: 'funding', event: 'created', by: 'client', reason: null, expected_at: null, at: at(3) }],
    ...overrides,
  };
}

let current = subscription('active');
let strategy = details();
const posted: Array<{ url: string; body: unknown; key: string | null }> = [];
const listed: string[] = [];

const server = mockServer(
  mock.get('*/api/user', () => HttpResponse.json(testUser())),
  mock.get('*/api/trading-account', () => HttpResponse.json([testAccount({ id: 7, number: '40012345' }), testAccount({ id: 8, number: '40099999', currency: { id: 2, code: 'EUR', name: 'Euro', precision: 2 } })])),
  mock.get('*/api/investing/strategies', ({ request }) => {
    listed.push(new URL(request.url).search);
    return HttpResponse.json([summary(), summary({ id: 4, name: 'Gold Swing', risk_score: 8, return_percent: -3.2, fee_plan: { ...summary().fee_plan, min_investment: 500_000 } })]);
  }),
  mock.get('*/api/investing/strategies/:id', () => HttpResponse.json(strategy)),
  mock.get('*/api/investing/subscriptions', () => HttpResponse.json([])),
  mock.get('*/api/investing/my-strategies', () => HttpResponse.json([])),
  mock.get('*/api/investing/subscriptions/:id', () => HttpResponse.json(current)),
  mock.post('*/api/investing/strategies/:id/subscriptions', async ({ request }) => {
    const body = (await request.json()) as { amount: string };
    posted.push({ url: 'subscribe', body, key: request.headers.get('idempotency-key') });
    if (body.amount === '5.00') return HttpResponse.json({ message: 'The amount must be at least $100.00.', errors: { amount: ['The amount must be at least $100.00.'] } }, { status: 422 });
    current = subscription('funding');
    return HttpResponse.json(current, { status: 201 });
  }),
  mock.post('*/api/investing/subscriptions/:id/:step', async ({ request, params }) => {
    const body = await request.json().catch(() => null);
    posted.push({ url: String(params.step), body, key: request.headers.get('idempotency-key') });
    if (params.step === 'pause') current = { ...current, state: 'paused_by_follower' };
    if (params.step === 'unsubscribe') current = { ...current, state: 'closed' };
    return HttpResponse.json(current);
  }),
  mock.put('*/api/investing/subscriptions/:id/stop-loss', async ({ request }) => {
    const body = (await request.json()) as { stop_loss: { kind: 'percent'; value: number } };
    posted.push({ url: 'stop-loss', body, key: null });
    current = { ...current, stop_loss: { ...body.stop_loss, floor: 80_000 } };
    return HttpResponse.json(current);
  }),
  mock.get('*/api/platform', () =>
    HttpResponse.json({
      name: 'Traderoom Simulated',
      simulated: true,
      instruments: [
        { symbol: 'EURUSD', digits: 5, contract_size: 100_000, volume_min: 0.01, volume_step: 0.01, volume_max: 100, margin_currency: 'EUR', profit_currency: 'USD', sessions: [] },
      ],
      quotes: [],
      margin_call_level: 100,
      stop_out_level: 50,
    } satisfies PlatformInfo),
  ),
  mock.get('*/api/realtime', () => HttpResponse.json({ key: 'app-key', host: null, port: null, force_tls: false })),
  mock.get('*/api/support/status', () => HttpResponse.json({ online: true, office_hours: DEFAULT_OFFICE_HOURS })),
);
afterEach(() => {
  current = subscription('active');
  strategy = details();
  posted.length = 0;
  listed.length = 0;
});

const actionNames = () => within(screen.getByRole('group', { name: 'Actions' })).getAllByRole('button').map((b) => b.textContent);

describe('the leaderboard', { timeout: 30_000 }, () => {
  it('shows each strategy as a card with its return, risk and fees, and sorts on the server', async () => {
    const user = userEvent.setup();
    renderApp('/en/investing', { signedIn: true });
    const cards = await screen.findByRole('list', { name: 'Strategies' });
    const first = within(cards).getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('Steady Trend EURUSD');
    expect(first.textContent).toContain('+12.34%');
    expect(first.textContent).toContain('3 of 10, low');
    expect(first.textContent).toContain('Fees: 20% of new profit, 2% a year');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'risk');
    await waitFor(() => expect(listed.at(-1)).toContain('sort=risk'));
  });

  it('leaves out strategies whose minimum investment is above the cap chosen', async () => {
    const user = userEvent.setup();
    renderApp('/en/investing', { signedIn: true });
    await screen.findByRole('link', { name: 'Gold Swing' });
    await user.selectOptions(screen.getByLabelText('Minimum investment'), '1000');
    // Both at once: while the address changes, the router may hold the screen hidden for a moment
    // (under load), and a hidden list has neither link.
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: 'Gold Swing' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Steady Trend EURUSD' })).toBeTruthy();
    });
  });
});

describe('a strategy’s closed trades', { timeout: 30_000 }, () => {
  const closed = (n: number): StrategyTrade => ({
    ticket: 1000 + n,
    symbol: 'EURUSD',
    side: n % 2 ? 'sell' : 'buy',
    volume: 0.3,
    open_price: 1.0847,
    close_price: 1.0965,
    open_time: at(n + 1),
    close_time: at(n),
    profit: 3_540,
  });

  it('writes prices with the instrument’s digits and shows twenty trades until more are asked for', async () => {
    const user = userEvent.setup();
    strategy = details({ trades: Array.from({ length: 25 }, (_, i) => closed(i)) });
    renderApp('/en/investing/strategies/3', { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Closed trades of Steady Trend EURUSD' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]!.textContent).toContain('1.08470 → 1.09650'));
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('20 of the latest 25 trades')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});

describe('the follow dialog', { timeout: 30_000 }, () => {
  it('reads "250,50" in Russian as 250.50 from an account in the strategy’s currency, with an idempotency key', async () => {
    const user = userEvent.setup();
    renderApp('/ru/investing/strategies/3', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Подписаться' }));
    const dialog = await screen.findByRole('dialog');
    // Only the USD account: the EUR one cannot fund a USD strategy.
    expect(within(dialog).getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('40012345')]);
    await user.type(within(dialog).getByLabelText('Сумма, USD'), '250,50');
    expect(dialog.textContent).toContain('250,50');
    await user.click(within(dialog).getByRole('button', { name: 'Подписаться и перевести' }));
    await screen.findByRole('heading', { level: 1, name: 'Steady Trend EURUSD' });
    expect(posted).toEqual([{ url: 'subscribe', body: { account_id: 7, amount: '250.50' }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });

  it('refuses text it cannot read before sending, and keeps the input when the server refuses it', async () => {
    const user = userEvent.setup();
    renderApp('/en/investing/strategies/3', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount, USD');
    await user.type(amount, '1.000,50');
    await user.click(within(dialog).getByRole('button', { name: 'Follow and fund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Type the amount as a number');
    expect(posted).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Follow and fund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The amount must be at least $100.00.');
    expect((amount as HTMLInputElement).value).toBe('5');
    expect(posted).toHaveLength(1);
  });

  it('asks for the invitation code of a private strategy', async () => {
    strategy = details({ visibility: 'invitation' });
    const user = userEvent.setup();
    renderApp('/en/investing/strategies/3', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Amount, USD'), '150');
    await user.type(within(dialog).getByLabelText('Invitation code'), 'ABCDE12345');
    await user.click(within(dialog).getByRole('button', { name: 'Follow and fund' }));
    await waitFor(() => expect(posted[0]?.body).toEqual({ account_id: 7, amount: '150.00', invitation_code: 'ABCDE12345' }));
  });
});

describe('a subscription: only the actions its machine allows now', { timeout: 30_000 }, () => {
  it('active: add, withdraw, stop-loss, pause and unsubscribe, no resume', async () => {
    renderApp('/en/investing/subscriptions/21', { signedIn: true });
    await screen.findByText('Copying');
    expect(actionNames()).toEqual(['Add funds', 'Withdraw', 'Set stop-loss', 'Pause copying', 'Unsubscribe']);
  });

  it('paused by the follower: resume instead of pause', async () => {
    current = subscription('paused_by_follower');
    renderApp('/en/investing/subscriptions/21', { signedIn: true });
    await screen.findByText('Paused by you', { selector: '.status-badge' });
    expect(actionNames()).toEqual(['Resume copying', 'Add funds', 'Withdraw', 'Set stop-loss', 'Unsubscribe']);
  });

  it('paused by the stop-loss with equity still at the floor: no resume until it is lowered or funds added', async () => {
    current = subscription('paused_stop_loss', { equity: 80_000, stop_loss: { kind: 'money', value: 80_000, floor: 80_000 } });
    renderApp('/en/investing/subscriptions/21', { signedIn: true });
    await screen.findByText('Paused by stop-loss', { selector: '.status-badge' });
    expect(actionNames()).toEqual(['Add funds', 'Withdraw', 'Change stop-loss', 'Unsubscribe']);
    expect(screen.getByText(/lower or remove the stop-loss, or add funds/)).toBeTruthy();
  });

  it('closing and closed: no action at all', async () => {
    current = subscription('closing');
    renderApp('/en/investing/subscriptions/21', { signedIn: true });
    await screen.findByText('Closing', { selector: '.status-badge' });
    expect(screen.queryByRole('group', { name: 'Actions' })).toBeNull();
  });

  it('with no free margin: no withdraw, and the page says how much is available', async () => {
    current = subscription('active', { free_margin: 0 });
    renderApp('/en/investing/subscriptions/21', { signedIn: true });
    await screen.findByText('Copying');
    expect(actionNames()).not.toContain('Withdraw');
    expect(screen.getByText('Available to withdraw').nextSibling?.textContent).toBe('$0.00');
  });

  it('pauses, sets a percent stop-loss showing its floor first, and unsubscribes after the confirmation', async () => {
    const user = userEvent.setup();
    renderApp('/en/investing/subscriptions/21', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Set stop-loss' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Loss allowed, % of the money invested'), '20');
    expect(dialog.textContent).toContain('A loss of 20% of $1,000.00: copying pauses when equity falls to $800.00.');
    await user.click(within(dialog).getByRole('button', { name: 'Save the stop-loss' }));
    await screen.findByText(/Stop-loss: a loss of 20% of the money invested/);

    await user.click(screen.getByRole('button', { name: 'Pause copying' }));
    await screen.findByText('Paused by you', { selector: '.status-badge' });

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('What is left goes back to account 40012345');
    await user.click(within(confirm).getByRole('button', { name: 'Unsubscribe and return the money' }));
    await screen.findByText('Closed', { selector: '.status-badge' });
    expect(posted.map((p) => p.url)).toEqual(['stop-loss', 'pause', 'unsubscribe']);
    expect(posted[0]!.body).toEqual({ stop_loss: { kind: 'percent', value: 20 } });
    expect(posted[2]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a subscription’s trades and fees', { timeout: 30_000 }, () => {
  it('tells each step of the timeline in words, with its figures in the reader’s language', async () => {
    current = subscription('active', {
      timeline: [
        { from: null, to: 'funding', event: 'created', by: 'client', reason: null, expected_at: null, at: at(3) },
        { from: 'funding', to: 'active', event: 'subscription.funded', by: 'system', reason: null, expected_at: null, at: at(3) },
        { from: 'active', to: 'active', event: 'subscription.set_stop_loss', by: 'client', reason: 'percent:20', expected_at: null, at: at(2) },
        { from: 'active', to: 'active', event: 'subscription.withdraw', by: 'client', reason: '1250.50', expected_at: null, at: at(1) },
      ],
    });
    renderApp('/ru/investing/subscriptions/21', { signedIn: true });
    const steps = within(await screen.findByRole('list', { name: 'Шаги этой инвестиции' })).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('.timeline-title')?.textContent)).toEqual([
      'Подписка оформлена; копирующий счёт открыт',
      'Копирующий счёт пополнен; копирование началось',
      'Стоп-лосс изменён',
      'Деньги выведены',
    ]);
    expect(steps[2]!.textContent).toMatch(/Убыток 20\s% от вложенного/);
    expect(steps[3]!.textContent).toMatch(/1\s250,50\s\$/);
  });

  it('says in words why a trade was skipped, and shows each copy with the equities it was sized on', async () => {
    current = subscription('active', {
      trades: [trade(), trade({ id: 2, status: 'skipped', reason: 'too_small', follower_ticket: null, volume: 0, strategy_volume: 0.01, symbol: 'XAUUSD', side: 'sell' })],
    });
    renderApp('/en/investing/subscriptions/21', { signedIn: true });
    const list = await screen.findByRole('list', { name: 'Copied trades' });
    const [copied, skipped] = within(list).getAllByRole('listitem');
    expect(copied!.textContent).toContain('Buy EURUSD opened');
    expect(copied!.textContent).toContain('Strategy 1 lots → you 0.05 lots (equity $1,000.00 against the strategy’s $20,000.00)');
    expect(skipped!.textContent).toContain('Skipped');
    expect(skipped!.textContent).toContain('Too small to copy: the proportional volume, rounded down to the instrument');
    expect(screen.getByText(/1 not copied/)).toBeTruthy();
  });

  it('writes each fee line out with the figures it was computed from', async () => {
    current = subscription('active', { fees: [performanceFee, managementFee] });
    renderApp('/en/investing/subscriptions/21', { signedIn: true });
    const lines = within(await screen.findByRole('list', { name: 'Fee lines' })).getAllByRole('listitem');
    expect(lines[0]!.textContent).toContain('Performance fee');
    expect(lines[0]!.textContent).toContain('Settled before a withdrawal');
    expect(lines[0]!.textContent).toContain('(Equity $1,100.00 − high-water mark $1,000.00) = $100.00 × 20% = $20.00');
    expect(lines[1]!.textContent).toContain('Equity $1,000.00 × 2% a year × 1 days ÷ 365 = $0.05');
    expect(lines[1]!.textContent).toContain('FEE-MGMT0001');
  });
});

void server;
