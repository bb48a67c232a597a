import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountDetails, AccountStateUpdate, Deal, Instrument, PlatformInfo, Position } from '../../../contract/platform';
import { ACCOUNT_CHANGED_EVENT, ACCOUNT_STATE_EVENT, PRICE_TICK_EVENT, PRICES_CHANNEL } from '../../../contract/platform';
import type { Paged } from '../../../contract/trading';
import { FakeEcho } from '../../test/fake-echo';
import { mockServer } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { testUser } from '../../test/users';
import { queryClient } from '../../data/query-client';
import { answerAlert, currentAlert } from '../../lib/alerts';
import { holdNextSocket } from '../../test/held-socket';
import { accountDetailsQuery } from './api/fetch-account-details';
import { resetQuotes } from './live-quotes';

vi.mock('laravel-echo', () => ({ default: FakeEcho }));
vi.mock('pusher-js', () => ({ default: class {} }));
// The curve draws on a canvas that happy-dom lacks; its data is not what is under test here.
vi.mock('./CurveChart', () => ({ CurveChart: ({ label }: { label: string }) => <p>{label}</p> }));

const LOGIN = '40012345';
const eurusd: Instrument = {
  symbol: 'EURUSD',
  digits: 5,
  contract_size: 100_000,
  volume_min: 0.01,
  volume_step: 0.01,
  volume_max: 100,
  margin_currency: 'EUR',
  profit_currency: 'USD',
  sessions: [],
};
const platform: PlatformInfo = {
  name: 'Traderoom Simulated',
  simulated: true,
  instruments: [eurusd],
  quotes: [{ symbol: 'EURUSD', bid: 1.1, ask: 1.10012, time: '2030-01-15T09:00:00.000Z' }],
  margin_call_level: 100,
  stop_out_level: 50,
};
const position: Position = {
  ticket: 501,
  symbol: 'EURUSD',
  side: 'buy',
  volume: 0.1,
  open_price: 1.10012,
  open_time: '2030-01-15T09:00:00.000Z',
  stop_loss: null,
  take_profit: null,
  current_price: 1.1,
  profit: -1_20,
  margin: 11_001,
};
const state = {
  login: LOGIN,
  currency: 'USD',
  precision: 2,
  leverage: 100,
  balance: 1_000_000,
  credit: 0,
  equity: 999_880,
  margin: 11_001,
  free_margin: 988_879,
  margin_level: 9089.0,
  profit: -120,
  updated_at: '2030-01-15T09:00:00.000Z',
};
const details = (positions: Position[] = [position]): AccountDetails => ({
  account: {
    id: 7,
    number: LOGIN,
    type: 'demo',
    currency: { id: 1, code: 'USD', name: 'US Dollar', precision: 2 },
    leverage: 100,
    balance: 1_000_000,
    equity: 999_880,
    available: 1_000_000,
    status: 'active',
    created_at: '2030-01-01T00:00:00.000Z',
    nickname: 'Scalping',
    free_margin: 988_879,
    margin_level: 9089,
  },
  state,
  positions,
});
const closing: Deal = {
  ticket: 9002,
  time: '2030-01-15T09:05:00.000Z',
  kind: 'sell',
  entry: 'out',
  reason: 'client',
  symbol: 'EURUSD',
  volume: 0.1,
  price: 1.1005,
  position_ticket: 501,
  profit: 500,
  comment: '',
};
const paged = <T,>(data: T[]): Paged<T> => ({ data, meta: { current_page: 1, per_page: 20, total: data.length, last_page: 1 } });

let held: AccountDetails;
let deals: Deal[];
let detailsFailures = 0;
/** How many times the account's details were asked for. */
let detailsRequests = 0;
const calls: Array<{ method: string; path: string; body: unknown }> = [];

const server = mockServer(
  mock.get('*/api/user', () => HttpResponse.json(testUser())),
  mock.get('*/api/realtime', () => HttpResponse.json({ key: 'app-key', host: null, port: null, force_tls: false })),
  mock.get('*/api/platform', () => HttpResponse.json(platform)),
  mock.get('*/api/accounts/:login', ({ params }) => {
    if (params.login !== LOGIN) return HttpResponse.json({ message: 'Not found.' }, { status: 404 });
    detailsRequests += 1;
    if (detailsFailures > 0) {
      detailsFailures -= 1;
      return HttpResponse.json({ message: 'Server Error' }, { status: 500 });
    }
    return HttpResponse.json(held);
  }),
  mock.get('*/api/accounts/:login/deals', () => HttpResponse.json(paged(deals))),
  mock.get('*/api/accounts/:login/curve', () => HttpResponse.json([])),
  mock.post('*/api/accounts/:login/positions/:ticket/close', ({ params }) => {
    calls.push({ method: 'POST', path: `close ${String(params.ticket)}`, body: null });
    held = details([]);
    deals = [closing];
    return HttpResponse.json(closing);
  }),
  mock.patch('*/api/accounts/:login/positions/:ticket', async ({ request, params }) => {
    const stops = (await request.json()) as { stop_loss: number | null; take_profit: number | null };
    calls.push({ method: 'PATCH', path: `position ${String(params.ticket)}`, body: stops });
    held = { ...held, positions: held.positions.map((p) => (p.ticket === Number(params.ticket) ? { ...p, ...stops } : p)) };
    return HttpResponse.json({ ...position, ...stops });
  }),
  mock.post('*/api/accounts/:login/leverage', () =>
    HttpResponse.json(
      { message: 'При таком плече маржа превысит средства.', errors: { leverage: ['При таком плече маржа превысит средства.'] } },
      { status: 422 },
    ),
  ),
  mock.post('*/api/accounts/:login/password', async ({ request }) => {
    const { kind } = (await request.json()) as { kind: string };
    calls.push({ method: 'POST', path: 'password', body: { kind } });
    return HttpResponse.json({ kind, password: 'Tr4de-Once-9xQ' });
  }),
  mock.post('*/api/accounts/:login/orders', async ({ request }) => {
    const body = await request.json();
    calls.push({ method: 'POST', path: `orders ${request.headers.get('Idempotency-Key') ? 'keyed' : 'unkeyed'}`, body });
    return HttpResponse.json(
      { message: 'Недостаточно свободной маржи для этого объёма.', errors: { volume: ['Недостаточно свободной маржи для этого объёма.'] } },
      { status: 422 },
    );
  }),
);

beforeEach(() => {
  held = details();
  deals = [];
  detailsFailures = 0;
  detailsRequests = 0;
  calls.length = 0;
  resetQuotes();
  // The app's alerts outlive a test (the server-error alert of a 500 waits for an answer): none is left open.
  while (currentAlert()) answerAlert('cancel');
});

async function openPage(lang = 'en') {
  return within(await openApp(lang).main);
}

function openApp(lang = 'en') {
  const app = renderApp(`/${lang}/accounts/${LOGIN}`, { signedIn: true });
  return { ...app, main: screen.findByRole('main') };
}

/**
 * The page loads the account again once its channel is subscribed: an update heard before that
 * answer would give way to it.
 */
async function caughtUp() {
  await waitFor(() => expect(detailsRequests).toBeGreaterThanOrEqual(2));
  await waitFor(() => expect(queryClient.isFetching({ queryKey: accountDetailsQuery(LOGIN).queryKey })).toBe(0));
}

describe('the account page', { timeout: 30_000 }, () => {
  it('shows the account, the simulated-prices note, its live state and the open positions', async () => {
    const main = await openPage();
    expect(await main.findByRole('heading', { level: 1, name: /Scalping/ })).toBeTruthy();
    expect(main.getByText(/Prices on this platform are simulated/)).toBeTruthy();
    expect(main.getByText('$10,000.00')).toBeTruthy();
    const row = within(main.getByRole('table', { name: 'Open positions' })).getAllByRole('row')[1]!;
    expect(within(row).getByText('1.10000')).toBeTruthy();
    expect(within(row).getByText('Opened at 1.10012')).toBeTruthy();
    expect(within(row).getByText('-$1.20')).toBeTruthy();
  });

  it('shows an error with Try again when the account cannot be loaded, then the account', async () => {
    detailsFailures = 1;
    const main = await openPage();
    const message = await main.findByText('The account could not be loaded.');
    const retry = within(message.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' });
    await userEvent.setup().click(retry);
    expect(await main.findByRole('heading', { level: 1, name: /Scalping/ })).toBeTruthy();
  });

  it('says so when the account is not one of the client’s', async () => {
    renderApp('/en/accounts/99999999', { signedIn: true });
    expect(await screen.findByText('This account was not found')).toBeTruthy();
  });

  it('moves the price and the profit of a position with the account.state event', async () => {
    const main = await openPage();
    await main.findByRole('heading', { level: 1, name: /Scalping/ });
    const channel = await waitFor(() => {
      // The app's one socket lives for the whole file (sign-out alone closes it).
      const found = FakeEcho.instances.at(-1)?.channels.get(`private-account.${LOGIN}`);
      expect(found?.subscribed).toBe(true);
      return found!;
    });
    await caughtUp();
    const update: AccountStateUpdate = {
      state: { ...state, equity: 1_002_380, profit: 2_380, margin_level: 9111.8 },
      positions: [{ ticket: 501, current_price: 1.10238, profit: 2_380 }],
    };
    channel.emit(ACCOUNT_STATE_EVENT, update);
    const row = within(main.getByRole('table', { name: 'Open positions' })).getAllByRole('row')[1]!;
    expect(await within(row).findByText('+$23.80')).toBeTruthy();
    expect(within(row).getByText('1.10238')).toBeTruthy();
    expect(main.getByText('$10,023.80')).toBeTruthy();
  });

  it('keeps the order ticket on screen, with what is typed, while account.changed loads the account afresh', async () => {
    const user = userEvent.setup();
    const app = openApp();
    const main = within(await app.main);
    const volume = await main.findByRole('textbox', { name: 'Volume, lots' });
    const channel = await waitFor(() => {
      const found = FakeEcho.instances.at(-1)?.channels.get(`private-account.${LOGIN}`);
      expect(found?.subscribed).toBe(true);
      return found!;
    });
    await caughtUp();
    let release: () => void = () => undefined;
    const answered = new Promise<void>((done) => (release = done));
    let reloads = 0;
    server.use(
      mock.get('*/api/accounts/:login', async () => {
        reloads += 1;
        await answered;
        return HttpResponse.json(details([]));
      }),
    );
    // A stop-loss closed the position on the platform while the client was filling the ticket in.
    channel.emit(ACCOUNT_CHANGED_EVENT, {});
    await waitFor(() => expect(reloads).toBe(1));
    // Counted for the page loader, the reload hid the whole page 200 ms later until it arrived,
    // and a browser drops what is typed into a hidden field.
    expect(app.runtime.loader.getSnapshot().context.count).toBe(0);
    expect(volume.closest('[hidden]')).toBeNull();
    await user.clear(volume);
    await user.type(volume, '0.25');
    release();
    expect(await main.findByText('No open positions. Place an order with the ticket.')).toBeTruthy();
    expect((volume as HTMLInputElement).value).toBe('0.25');
  });

  it('loads the account again once its channel is subscribed, so a change sent before then is not lost', async () => {
    // A page opened afresh: its socket connects only after the account's first answer, and the
    // `account.changed` of a stop-loss that closed the position in between reached nobody.
    const connect = holdNextSocket(server);
    const main = await openPage();
    expect(await main.findByRole('table', { name: 'Open positions' })).toBeTruthy();
    held = details([]);
    connect();
    expect(await main.findByText('No open positions. Place an order with the ticket.')).toBeTruthy();
  });

  it('moves the order ticket’s prices with price.tick on the prices channel', async () => {
    const main = await openPage();
    const ticket = within(await main.findByRole('region', { name: 'New order' }));
    expect(ticket.getByRole('radio', { name: 'Buy 1.10012' })).toBeTruthy();
    const prices = await waitFor(() => {
      const found = FakeEcho.instances.at(-1)?.channels.get(PRICES_CHANNEL);
      expect(found?.subscribed).toBe(true);
      return found!;
    });
    prices.emit(PRICE_TICK_EVENT, { quotes: [{ symbol: 'EURUSD', bid: 1.1021, ask: 1.10222, time: '2030-01-15T09:00:05.000Z' }] });
    expect(await ticket.findByRole('radio', { name: 'Buy 1.10222' })).toBeTruthy();
    expect(ticket.getByRole('radio', { name: 'Sell 1.10210' })).toBeTruthy();
  });

  it('checks new stops against the live price before sending them, then shows them on the row', async () => {
    const user = userEvent.setup();
    const main = await openPage();
    await user.click(await main.findByRole('button', { name: 'Change stops of Buy 0.10 EURUSD' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stops of Buy 0.10 EURUSD' }));
    const stopLoss = dialog.getByRole('textbox', { name: 'Stop-loss' });
    await user.type(stopLoss, '1.2');
    expect(await dialog.findByText('For a buy, the stop-loss must be below the bid (1.10000).')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Save stops' }));
    expect(calls).toEqual([]);
    await user.clear(stopLoss);
    await user.type(stopLoss, '1.095');
    await user.click(dialog.getByRole('button', { name: 'Save stops' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Stops of Buy 0.10 EURUSD' })).toBeNull());
    expect(calls).toEqual([{ method: 'PATCH', path: 'position 501', body: { stop_loss: 1.095, take_profit: null } }]);
    expect(await main.findByText('SL 1.09500')).toBeTruthy();
  });

  it('shows a new trading password once, after a confirmation, with the warning that it will not be shown again', async () => {
    const user = userEvent.setup();
    const main = await openPage();
    await user.click(await main.findByRole('button', { name: 'New trading password' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Set a new trading password?' });
    expect(calls).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'OK' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new trading password' });
    expect(within(shown).getByText('Tr4de-Once-9xQ')).toBeTruthy();
    expect(within(shown).getByText('Write it down or copy it now: it will not be shown again.')).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', path: 'password', body: { kind: 'master' } }]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Tr4de-Once-9xQ')).toBeNull());
  });

  it('in Russian: shows the platform’s refusal of a leverage on the leverage field', async () => {
    const user = userEvent.setup();
    const main = await openPage('ru');
    const leverage = await main.findByRole('combobox', { name: 'Кредитное плечо' });
    await user.selectOptions(leverage, '10');
    await user.click(main.getByRole('button', { name: 'Изменить плечо' }));
    expect(await main.findByText('При таком плече маржа превысит средства.')).toBeTruthy();
    expect(leverage.getAttribute('aria-invalid')).toBe('true');
  });

  it('closes a position after a confirmation and lists the closing deal', async () => {
    const user = userEvent.setup();
    const main = await openPage();
    await user.click(await main.findByRole('button', { name: 'Close Buy 0.10 EURUSD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close position #501?' });
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Close position' }));
    expect(await main.findByText('Position #501 closed at 1.10050: +$5.00.')).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', path: 'close 501', body: null }]);
    expect(await main.findByText('No open positions. Place an order with the ticket.')).toBeTruthy();
    expect(await main.findByText('#9002')).toBeTruthy();
  });

  it('in Russian: reads the decimal comma and shows the server’s refusal on the volume, keeping the input', async () => {
    const user = userEvent.setup();
    const main = await openPage('ru');
    const volume = await main.findByRole('textbox', { name: 'Объём, лоты' });
    await user.clear(volume);
    await user.type(volume, '0,5');
    await user.click(main.getByRole('button', { name: 'Купить EURUSD' }));
    expect(await main.findByText('Недостаточно свободной маржи для этого объёма.')).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', path: 'orders keyed', body: { symbol: 'EURUSD', side: 'buy', volume: 0.5 } }]);
    expect((volume as HTMLInputElement).value).toBe('0,5');
    await user.clear(volume);
    await user.type(volume, '0,015');
    expect(await main.findByText('Объём меняется шагами по 0,01 лота.')).toBeTruthy();
  });
});
