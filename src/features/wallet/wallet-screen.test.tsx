import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../contract/trading';
import { mockServer } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { testAccount, testPaymentMethod } from '../../test/trading-fixtures';
import { testUser } from '../../test/users';

const account = testAccount();
const swift = testPaymentMethod({ id: 1, name: 'SWIFT', kind: 'bank_transfer', eta_hours: 72 });
const card = testPaymentMethod({ id: 2, name: 'Visa / Mastercard', kind: 'card', fee_bps: 250, fee_fixed: 30, min_amount: 1_000, max_amount: 500_000, eta_hours: 0 });
const entry: LedgerEntry = {
  id: 41,
  account_id: 7,
  account_number: '40012345',
  kind: 'deposit',
  amount: 100_000,
  currency: 'USD',
  precision: 2,
  status: 'pending',
  reference: 'DEP-ABCDEFGH23',
  counterparty_account_number: null,
  created_at: '2026-01-02T00:00:00.000Z',
  decided_at: null,
  payment_method: 'Visa / Mastercard',
  fee: 2_530,
  platform_ticket: null,
  state: 'submitted',
  reason: null,
  expected_at: null,
};

const asked: Array<{ currency: string | null; direction: string | null }> = [];
const sent: Array<Record<string, unknown>> = [];
const server = mockServer(
  mock.get('*/api/user', () => HttpResponse.json(testUser())),
  mock.get('*/api/trading-account', () => HttpResponse.json([account])),
  mock.get('*/api/payment-methods', ({ request }) => {
    const url = new URL(request.url);
    asked.push({ currency: url.searchParams.get('currency'), direction: url.searchParams.get('direction') });
    return HttpResponse.json([swift, card]);
  }),
  mock.post('*/api/wallet/deposit', async ({ request }) => {
    sent.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json(entry, { status: 201 });
  }),
);
afterEach(() => {
  asked.length = 0;
  sent.length = 0;
});

describe('wallet: payment methods', { timeout: 30_000 }, () => {
  it('shows the methods of the account currency, and the chosen one’s fee on top of the typed amount', async () => {
    const user = userEvent.setup();
    renderApp('/en/wallet', { signedIn: true });
    const group = await screen.findByRole('group', { name: 'How you pay' });
    expect(asked).toContainEqual({ currency: 'USD', direction: 'deposit' });
    const swiftOption = within(group).getByRole('radio', { name: /SWIFT/ });
    const cardOption = within(group).getByRole('radio', { name: /Visa \/ Mastercard/ });
    expect((swiftOption as HTMLInputElement).checked).toBe(true);
    expect(group.textContent).toContain('Bank transfer');
    expect(group.textContent).toContain('1–3 business days');
    expect(group.textContent).toContain('Fee 2.5% + $0.30');
    expect(group.textContent).toContain('From $10.00 to $5,000.00');
    expect(group.textContent).toContain('Instant');

    await user.click(cardOption);
    await user.type(screen.getByLabelText('Amount, USD'), '1,000.00');
    // 2.5 % of $1,000.00 and the fixed $0.30.
    const fee = await screen.findByText('Fee', { selector: 'dt' });
    expect(fee.nextElementSibling?.textContent).toBe('$25.30');
    expect(screen.getByText('You pay').nextElementSibling?.textContent).toBe('$1,025.30');
    expect(screen.getByText('Arrives on the account').nextElementSibling?.textContent).toBe('$1,000.00');

    await user.click(screen.getByRole('button', { name: 'Deposit funds' }));
    await screen.findByText(/Deposit request DEP-ABCDEFGH23/);
    expect(sent).toEqual([{ account_id: '7', amount: '1000.00', payment_method_id: '2' }]);
  });

  it('keeps the form on screen while the methods of the chosen account load', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    server.use(
      mock.get('*/api/payment-methods', async ({ request }) => {
        const url = new URL(request.url);
        asked.push({ currency: url.searchParams.get('currency'), direction: url.searchParams.get('direction') });
        await held;
        return HttpResponse.json([swift, card]);
      }),
    );
    const { runtime } = renderApp('/en/wallet', { signedIn: true });
    const amount = await screen.findByLabelText('Amount, USD');
    await waitFor(() => expect(asked).toContainEqual({ currency: 'USD', direction: 'deposit' }));
    // They counted for the page loader, which hid the whole form 200 ms later until they arrived,
    // and a browser drops what is typed into a hidden field.
    expect(runtime.loader.getSnapshot().context.count).toBe(0);
    expect(amount.closest('[hidden]')).toBeNull();
    release();
    expect(await screen.findByRole('group', { name: 'How you pay' })).toBeTruthy();
  });

  it('reads the decimal comma in Ukrainian and words the fee there', async () => {
    const user = userEvent.setup();
    renderApp('/ua/wallet', { signedIn: true });
    const group = await screen.findByRole('group', { name: 'Як ви платите' });
    await user.click(within(group).getByRole('radio', { name: /Visa \/ Mastercard/ }));
    await user.type(screen.getByLabelText('Сума, USD'), '1 000,00');
    const fee = await screen.findByText('Комісія', { selector: 'dt' });
    expect(fee.nextElementSibling?.textContent?.replace(/\s/g, ' ')).toBe('25,30 USD');
  });

  it('refuses a live withdrawal without verification in Russian, and links to the verification screen', async () => {
    const why = 'Для вывода с реального счёта нужна подтверждённая личность.';
    server.use(
      mock.post('*/api/wallet/withdrawal', () =>
        HttpResponse.json({ message: why, errors: { account_id: [why] }, verification_required: true }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/ru/wallet', { signedIn: true });
    await user.click(await screen.findByRole('radio', { name: 'Вывести' }));
    await screen.findByRole('group', { name: 'Как вы получите средства' });
    await waitFor(() => expect(asked).toContainEqual({ currency: 'USD', direction: 'withdrawal' }));
    await user.type(screen.getByLabelText('Сумма, USD'), '50,00');
    await user.click(screen.getByRole('button', { name: 'Запросить вывод' }));

    const notice = (await screen.findByText(why)).closest('[role="alert"]') as HTMLElement;
    const link = within(notice).getByRole('link', { name: 'Подтвердить личность' });
    expect(link.getAttribute('href')).toBe('/ru/settings/verification');
    // Said once: the field the server put it on does not repeat it.
    expect(screen.getAllByText(why)).toHaveLength(1);
  });
});

describe('wallet: the hold after a security change', { timeout: 30_000 }, () => {
  const security = (held: string | null) =>
    mock.get('*/api/security', () =>
      HttpResponse.json({ totp: false, recovery_codes_left: 0, passkeys: [], methods: ['password'], required: false, withdrawals_held_until: held }),
    );

  it('says until when live withdrawals are held as soon as a live withdrawal is chosen, not for deposits', async () => {
    server.use(security('2030-04-17T09:00:00.000Z'));
    const user = userEvent.setup();
    renderApp('/en/wallet', { signedIn: true });
    await screen.findByRole('group', { name: 'How you pay' });
    expect(screen.queryByText(/withdrawals from live accounts are held until/)).toBeNull();
    await user.click(await screen.findByRole('radio', { name: 'Withdraw' }));
    const notice = await screen.findByText(/withdrawals from live accounts are held until/);
    expect(notice.textContent).toContain('2030');
    expect(notice.textContent).toContain('Deposits and transfers work as usual.');
  });

  it('shows the time of a refusal newer than the status it read, once', async () => {
    server.use(
      security(null),
      mock.post('*/api/wallet/withdrawal', () =>
        HttpResponse.json(
          { message: 'Withdrawals are held.', errors: { amount: ['Withdrawals are held.'] }, security_cooldown: true, withdrawals_held_until: '2031-02-03T10:00:00.000Z' },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/en/wallet', { signedIn: true });
    await user.click(await screen.findByRole('radio', { name: 'Withdraw' }));
    await screen.findByRole('group', { name: 'How you receive the funds' });
    expect(screen.queryByText(/withdrawals from live accounts are held until/)).toBeNull();
    await user.type(screen.getByLabelText('Amount, USD'), '50.00');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    const notice = await screen.findByText(/withdrawals from live accounts are held until/);
    expect(notice.textContent).toContain('2031');
    // Said by the notice: the amount field does not repeat the refusal.
    expect(screen.queryByText('Withdrawals are held.')).toBeNull();
  });
});
