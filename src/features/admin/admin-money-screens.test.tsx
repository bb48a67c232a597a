import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethod } from '../../../contract/payments';
import type { Reconciliation } from '../../../contract/platform';
import { FakeEcho } from '../../test/fake-echo';
import { mockServer } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { testPaymentMethod } from '../../test/trading-fixtures';
import { asAdmin, testUser } from '../../test/users';

vi.mock('laravel-echo', () => ({ default: FakeEcho }));
vi.mock('pusher-js', () => ({ default: class {} }));

const admin = asAdmin(testUser());
const inStep: Reconciliation = { checked_at: '2026-11-24T09:30:00.000Z', accounts: 12, drifted: [] };
const drifted: Reconciliation = {
  checked_at: '2026-11-24T09:30:00.000Z',
  accounts: 12,
  drifted: [
    {
      account_id: 7,
      login: '40012345',
      client: { id: 5, name: 'Iryna Bondar', email: 'iryna@example.com' },
      currency: 'USD',
      precision: 2,
      ledger_balance: 100_000,
      platform_balance: 95_000,
      drift: -5_000,
      missing_tickets: 1,
    },
  ],
};
let reconciliation = inStep;
let catalogue: PaymentMethod[] = [];
const posted: Array<Record<string, unknown>> = [];

const server = mockServer(
  mock.get('*/api/user', () => HttpResponse.json(admin)),
  mock.get('*/api/realtime', () => HttpResponse.json({ key: 'app-key', host: null, port: null, force_tls: false })),
  mock.get('*/api/admin/reconciliation', () => HttpResponse.json(reconciliation)),
  mock.get('*/api/admin/payment-methods', () => HttpResponse.json(catalogue)),
  mock.get('*/api/currencies', () =>
    HttpResponse.json([
      { id: 1, code: 'USD', name: 'US Dollar', precision: 2 },
      { id: 2, code: 'EUR', name: 'Euro', precision: 2 },
    ]),
  ),
);
afterEach(() => {
  reconciliation = inStep;
  catalogue = [];
  posted.length = 0;
});

describe('administration: reconciliation', { timeout: 30_000 }, () => {
  it('says all accounts are in step when nothing drifts, with how many were checked', async () => {
    renderApp('/en/administration/reconciliation', { signedIn: true });
    expect(await screen.findByText('All accounts are in step')).toBeTruthy();
    expect(screen.getByText(/12 accounts checked/)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Administration sections' }).textContent).toContain('Reconciliation');
    // Any staff page, not only the chats, makes the agent "support online" for the clients.
    await waitFor(() => expect(FakeEcho.instances.at(-1)?.channels.get('presence-admin.chats')?.subscribed).toBe(true));
  });

  it('lists the drifted account with its ledger and platform balances and the drift', async () => {
    reconciliation = drifted;
    renderApp('/en/administration/reconciliation', { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Accounts whose ledger and platform balances differ' });
    const row = within(table).getByRole('row', { name: /40012345/ });
    expect(row.textContent).toContain('Iryna Bondar');
    expect(row.textContent).toContain('$1,000.00');
    expect(row.textContent).toContain('$950.00');
    expect(row.textContent).toContain('-$50.00');
    expect(screen.getByText(/1 account differs from the platform/)).toBeTruthy();
  });
});

describe('administration: payment methods', { timeout: 30_000 }, () => {
  it('lists the catalogue per currency', async () => {
    catalogue = [
      testPaymentMethod({ id: 1, name: 'SWIFT', currency: 'USD' }),
      testPaymentMethod({ id: 2, name: 'SEPA', currency: 'EUR', fee_bps: 50, enabled: false }),
    ];
    renderApp('/en/administration/payment-methods', { signedIn: true });
    const eur = await screen.findByRole('region', { name: 'EUR' });
    expect(within(eur).getByRole('row', { name: /SEPA/ }).textContent).toContain('Disabled');
    expect(within(eur).getByRole('row', { name: /SEPA/ }).textContent).toContain('Fee 0.5%');
    expect(within(screen.getByRole('region', { name: 'USD' })).getByRole('row', { name: /SWIFT/ }).textContent).toContain('Enabled');
  });

  it('adds a method, sending amounts in minor units, and shows the server’s refusals on their fields', async () => {
    server.use(
      mock.post('*/api/admin/payment-methods', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        if (posted.length === 1) {
          return HttpResponse.json(
            {
              message: 'The name has already been taken. (and 1 more error)',
              errors: { name: ['The name has already been taken.'], eta_hours: ['The expected time may not be greater than 720.'] },
            },
            { status: 422 },
          );
        }
        return HttpResponse.json({ ...testPaymentMethod(), ...body, id: 9 } as PaymentMethod, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/en/administration/payment-methods', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Add method' }));
    const dialog = await screen.findByRole('dialog', { name: 'New payment method' });
    const form = within(dialog);
    await user.type(form.getByLabelText('Name'), 'SWIFT');
    await user.selectOptions(form.getByLabelText('Kind'), 'Card');
    await waitFor(() => expect(form.getByRole('option', { name: 'USD · US Dollar' })).toBeTruthy());
    await user.selectOptions(form.getByLabelText('Currency'), 'USD');
    await user.click(form.getByRole('checkbox', { name: 'Withdrawals' }));
    await user.clear(form.getByLabelText('Fee, basis points'));
    await user.type(form.getByLabelText('Fee, basis points'), '150');
    await user.clear(form.getByLabelText('Fixed fee, USD'));
    await user.type(form.getByLabelText('Fixed fee, USD'), '0.30');
    await user.clear(form.getByLabelText('Least amount, USD'));
    await user.type(form.getByLabelText('Least amount, USD'), '10');
    await user.type(form.getByLabelText('Largest amount, USD'), '5,000');
    await user.clear(form.getByLabelText('Expected time, hours'));
    await user.type(form.getByLabelText('Expected time, hours'), '9999');
    await user.click(form.getByRole('button', { name: 'Add method' }));

    const name = form.getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(form.getByText('The name has already been taken.')).toBeTruthy();
    expect(form.getByText('The expected time may not be greater than 720.')).toBeTruthy();
    expect(posted[0]).toEqual({
      kind: 'card',
      name: 'SWIFT',
      currency: 'USD',
      directions: ['deposit'],
      fee_bps: 150,
      fee_fixed: 30,
      min_amount: 1_000,
      max_amount: 500_000,
      eta_hours: 9999,
      enabled: true,
    });

    await user.clear(form.getByLabelText('Expected time, hours'));
    await user.type(form.getByLabelText('Expected time, hours'), '0');
    await user.clear(name);
    await user.type(name, 'Visa / Mastercard');
    await user.click(form.getByRole('button', { name: 'Add method' }));
    expect(await screen.findByText('Visa / Mastercard (USD) added.')).toBeTruthy();
  });

  it('refuses an amount it cannot read before sending, in Russian with the decimal comma', async () => {
    const user = userEvent.setup();
    renderApp('/ru/administration/payment-methods', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Добавить способ' }));
    const form = within(await screen.findByRole('dialog', { name: 'Новый способ оплаты' }));
    await waitFor(() => expect(form.getByRole('option', { name: /^USD/ })).toBeTruthy());
    await user.selectOptions(form.getByLabelText('Валюта'), 'USD');
    await user.type(form.getByLabelText('Название'), 'SEPA');
    await user.clear(form.getByLabelText('Фиксированная комиссия, USD'));
    await user.type(form.getByLabelText('Фиксированная комиссия, USD'), '0,3');
    await user.clear(form.getByLabelText('Наименьшая сумма, USD'));
    await user.type(form.getByLabelText('Наименьшая сумма, USD'), '1.000,50');
    await user.click(form.getByRole('button', { name: 'Добавить способ' }));
    await waitFor(() => expect(form.getByLabelText('Наименьшая сумма, USD').getAttribute('aria-invalid')).toBe('true'));
    expect(form.getByLabelText('Фиксированная комиссия, USD').getAttribute('aria-invalid')).toBeNull();
    expect(posted).toHaveLength(0);
  });
});
