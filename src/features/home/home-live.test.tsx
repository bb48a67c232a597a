import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_CHANGED_EVENT, ACCOUNT_STATE_EVENT, type AccountChanged, type AccountState, type AccountStateUpdate, type PlatformInfo } from '../../../contract/platform';
import { holdNextSocket } from '../../test/held-socket';
import { mockServer } from '../../test/msw';
import { FakeEcho } from '../../test/fake-echo';
import { renderApp } from '../../test/render-app';
import { testAccount } from '../../test/trading-fixtures';
import { testUser } from '../../test/users';

vi.mock('laravel-echo', () => ({ default: FakeEcho }));
vi.mock('pusher-js', () => ({ default: class {} }));

const live = testAccount({ id: 7, number: '40012345', balance: 100_000, equity: 100_000, free_margin: 80_000, margin_level: 500 });
const demo = testAccount({ id: 8, number: '50000001', type: 'demo', balance: 1_000_000, equity: 1_000_000, free_margin: 1_000_000, margin_level: null });
const archived = testAccount({ id: 9, number: '40099999', status: 'archived', balance: 0, equity: 0, free_margin: 0 });
const platform: PlatformInfo = { name: 'Embedded', simulated: true, instruments: [], quotes: [], margin_call_level: 100, stop_out_level: 50 };

/** What GET /api/trading-account answers now: a test changes it as the platform would. */
let listed = [live, demo, archived];
/** How many times the list was asked for. */
let listRequests = 0;

const server = mockServer(
  mock.get('*/api/user', () => HttpResponse.json(testUser())),
  mock.get('*/api/trading-account', () => {
    listRequests += 1;
    return HttpResponse.json(listed);
  }),
  mock.get('*/api/trading-account/limits', () => HttpResponse.json({ max_accounts: 5 })),
  mock.get('*/api/currencies', () => HttpResponse.json([])),
  mock.get('*/api/articles/getAll', () => HttpResponse.json([])),
  mock.post('*/api/chat/room/find', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })),
  mock.get('*/api/realtime', () => HttpResponse.json({ key: 'app-key', host: null, port: null, force_tls: false })),
  mock.get('*/api/platform', () => HttpResponse.json(platform)),
);

const state = (overrides: Partial<AccountState>): AccountState => ({
  login: '40012345',
  currency: 'USD',
  precision: 2,
  leverage: 100,
  balance: 100_000,
  credit: 0,
  equity: 100_000,
  margin: 20_000,
  free_margin: 80_000,
  margin_level: 500,
  profit: 0,
  updated_at: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

const section = () => screen.getByRole('region', { name: 'Trading accounts' });

/**
 * The list the cards load again once their channels are subscribed has answered: a state heard
 * before that answer would give way to the list's figures.
 */
async function caughtUp(before: number) {
  await waitFor(() => expect(listRequests).toBeGreaterThan(before));
  await waitFor(() => expect(section().getAttribute('aria-busy')).toBe('false'));
}

describe('home: account cards live', { timeout: 30_000 }, () => {
  it('updates equity and margin level from the platform, and marks the margin call', async () => {
    listRequests = 0;
    renderApp('/en/home', { signedIn: true });
    const card = within(await screen.findByRole('article', { name: /40012345/ }));
    expect(card.getByText('500%')).toBeTruthy();
    await caughtUp(1);

    // One channel per active account on one socket; the archived account is not listened to.
    await waitFor(() => expect(FakeEcho.instances[0]?.channels.get('private-account.40012345')?.subscribed).toBe(true));
    const socket = FakeEcho.instances[0]!;
    await waitFor(() => expect(socket.channels.get('private-account.50000001')?.subscribed).toBe(true));
    expect(socket.channels.has('private-account.40099999')).toBe(false);

    const update: AccountStateUpdate = { state: state({ equity: 19_000, free_margin: -1_000, margin_level: 95, profit: -81_000 }), positions: [] };
    act(() => socket.channels.get('private-account.40012345')!.emit(ACCOUNT_STATE_EVENT, update));

    const equity = await card.findByText('$190.00');
    expect(equity.previousElementSibling?.textContent).toBe('Equity');
    const level = card.getByText('95%').closest('.margin-level');
    expect(level?.classList.contains('margin-level-margin_call')).toBe(true);
    expect(level?.textContent).toContain('Margin call');
    expect(card.getByText('-$10.00')).toBeTruthy();
    // The other card is untouched.
    expect(within(screen.getByRole('article', { name: /50000001/ })).queryByText('Margin call')).toBeNull();

    // Home gone, its channels are left; the socket stays for the next screen that listens.
    cleanup();
    await waitFor(() => expect(socket.channels.has('private-account.40012345')).toBe(false));
    expect(socket.channels.has('private-account.50000001')).toBe(false);
    expect(socket.disconnected).toBe(false);
  });

  it('loads the cards afresh when the platform says an account changed: a withdrawal decided elsewhere, a position closed', async () => {
    listed = [live, demo, archived];
    listRequests = 0;
    renderApp('/en/home', { signedIn: true });
    const article = await screen.findByRole('article', { name: /40012345/ });
    const card = within(article);
    const balance = () => article.querySelector('.account-balance-value')?.textContent;
    expect(balance()).toBe('$1,000.00');
    await waitFor(() => expect(FakeEcho.instances.at(-1)?.channels.get('private-account.40012345')?.subscribed).toBe(true));
    const socket = FakeEcho.instances.at(-1)!;
    await caughtUp(1);

    // A position was open and its state was heard: the card shows the platform's figures.
    act(() => socket.channels.get('private-account.40012345')!.emit(ACCOUNT_STATE_EVENT, { state: state({ balance: 100_000, equity: 95_000 }), positions: [] }));
    await card.findByText('$950.00');

    // The stop-loss closes it ($50 lost) and a withdrawal of $200 is approved in another tab: no reload needed.
    listed = [{ ...live, balance: 75_000, equity: 75_000, free_margin: 75_000, available: 75_000, margin_level: null }, demo, archived];
    act(() => socket.channels.get('private-account.40012345')!.emit(ACCOUNT_CHANGED_EVENT, { reason: 'stop_loss' } satisfies AccountChanged));
    await waitFor(() => expect(balance()).toBe('$750.00'));
    expect(card.queryByText('$950.00')).toBeNull();
    // Still one socket, each account's channel counted once.
    expect(FakeEcho.instances.at(-1)).toBe(socket);
    expect(socket.channels.get('private-account.40012345')?.subscribed).toBe(true);
  });

  it('loads the cards again once all their channels are subscribed, and after a drop, so a change sent meanwhile is not lost', async () => {
    // A page opened afresh: its socket connects only after the list's first answer, and the
    // `account.changed` of a withdrawal approved in between went out before this tab listened.
    listed = [live, demo, archived];
    listRequests = 0;
    const connect = holdNextSocket(server);
    renderApp('/en/home', { signedIn: true });
    const article = await screen.findByRole('article', { name: /40012345/ });
    const balance = () => article.querySelector('.account-balance-value')?.textContent;
    expect(balance()).toBe('$1,000.00');
    listed = [{ ...live, balance: 80_000, equity: 80_000, free_margin: 60_000, available: 60_000 }, demo, archived];
    connect();
    await waitFor(() => expect(balance()).toBe('$800.00'));
    await caughtUp(1);
    // Two cards, two channels, one catch-up: the list was asked for twice in all.
    expect(listRequests).toBe(2);

    // The socket dropped and came back; a deposit was credited while it was away. pusher-js
    // subscribes each channel again; the cards load again once both are.
    const socket = FakeEcho.instances.at(-1)!;
    listed = [{ ...live, balance: 90_000, equity: 90_000, free_margin: 70_000, available: 70_000 }, demo, archived];
    act(() => {
      socket.drop();
      socket.channels.get('private-account.40012345')!.succeed();
    });
    // One channel back is not yet the cards' catch-up: the list is not loading again.
    expect(section().getAttribute('aria-busy')).toBe('false');
    expect(listRequests).toBe(2);
    act(() => socket.channels.get('private-account.50000001')!.succeed());
    await caughtUp(2);
    expect(balance()).toBe('$900.00');
    expect(listRequests).toBe(3);
  });

  it('loads the cards once more when a change is announced while they are loading again', async () => {
    listed = [live, demo, archived];
    listRequests = 0;
    renderApp('/en/home', { signedIn: true });
    const article = await screen.findByRole('article', { name: /40012345/ });
    const balance = () => article.querySelector('.account-balance-value')?.textContent;
    await waitFor(() => expect(FakeEcho.instances.at(-1)?.channels.get('private-account.40012345')?.subscribed).toBe(true));
    await caughtUp(1);
    const channel = FakeEcho.instances.at(-1)!.channels.get('private-account.40012345')!;

    // A deposit is credited: the list's load for it is read before a withdrawal is approved, and answers late.
    let answerLate = () => {};
    const late = new Promise<void>((resolve) => (answerLate = resolve));
    const requests = listRequests;
    server.use(
      mock.get('*/api/trading-account', async () => {
        listRequests += 1;
        const answer = HttpResponse.json(listed);
        if (listRequests === requests + 1) await late;
        return answer;
      }),
    );
    listed = [{ ...live, balance: 110_000, equity: 110_000, free_margin: 90_000, available: 90_000 }, demo, archived];
    act(() => channel.emit(ACCOUNT_CHANGED_EVENT, { reason: 'balance' } satisfies AccountChanged));
    await waitFor(() => expect(listRequests).toBe(requests + 1));
    listed = [{ ...live, balance: 60_000, equity: 60_000, free_margin: 40_000, available: 40_000 }, demo, archived];
    act(() => channel.emit(ACCOUNT_CHANGED_EVENT, { reason: 'balance' } satisfies AccountChanged));
    await waitFor(() => expect(balance()).toBe('$600.00'));
    answerLate();
    await caughtUp(requests + 1);
    expect(balance()).toBe('$600.00');
  });
});
