import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { PartnerApplication, PartnerLink, PartnerMe, PartnerPayout, PartnerPlan, RewardLine } from '../../../contract/partners';
import { mockServer } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { testAccount } from '../../test/trading-fixtures';
import { testUser } from '../../test/users';

const AT = '2026-03-02T10:00:00.000Z';

const plan: PartnerPlan = {
  id: 1,
  name: 'Standard',
  currency: 'USD',
  precision: 2,
  cpa_threshold: 10_000,
  cpa_amount: 5_000,
  lot_rates: { forex: 800, metals: 1_000, indices: 500, crypto: 1_200 },
  second_level_bps: 1_000,
  auto_approve: false,
  is_default: true,
  created_at: AT,
  updated_at: AT,
};

const submitted: PartnerApplication = {
  id: 5,
  state: 'submitted',
  website: 'https://t.me/fx-daily',
  description: 'A channel about currencies, 12,000 readers.',
  reason: null,
  created_at: AT,
  decided_at: null,
  timeline: [{ from: null, to: 'submitted', event: 'created', by: 'client', reason: null, expected_at: null, at: AT }],
};

const rejected: PartnerApplication = {
  ...submitted,
  state: 'rejected',
  reason: 'Your channel has no readers yet.',
  decided_at: '2026-03-03T09:00:00.000Z',
  timeline: [
    ...submitted.timeline,
    { from: 'submitted', to: 'rejected', event: 'application.reject', by: 'staff', reason: 'Your channel has no readers yet.', expected_at: null, at: '2026-03-03T09:00:00.000Z' },
  ],
};

const none: PartnerMe = { status: 'none', application: null, partner: null };
const partnerMe = (available = 50_000): PartnerMe => ({
  status: 'partner',
  application: null,
  partner: {
    id: 3,
    since: AT,
    plan,
    next_plan: null,
    wallet: { id: 9, currency: 'USD', precision: 2, balance: available, available },
    parent: null,
    show_emails: false,
  },
});

const link = (overrides: Partial<PartnerLink> = {}): PartnerLink => ({
  id: 1,
  code: 'k3x9m2qa',
  campaign: 'Telegram channel',
  url: 'http://localhost:3000/r/k3x9m2qa',
  created_at: AT,
  clicks: 42,
  registrations: 7,
  ...overrides,
});

const lotLine: RewardLine = {
  id: 71,
  kind: 'lot',
  level: 1,
  client: { id: 20, name: 'Ivan Petrenko' },
  plan: { id: 1, name: 'Standard' },
  rate: 1_200,
  inputs: { deal: { ticket: 900123, symbol: 'BTCUSD', group: 'crypto', volume: 0.5, time: AT, account: '40077777' } },
  amount: 600,
  currency: 'USD',
  precision: 2,
  source_at: AT,
  credited_at: '2026-03-03T00:05:00.000Z',
};
const cpaLine: RewardLine = {
  ...lotLine,
  id: 70,
  kind: 'cpa',
  rate: 5_000,
  inputs: { deposit: { reference: 'DEP-7HQ2ZP4K', amount: 25_000, currency: 'USD', precision: 2, amount_in_plan: 25_000, threshold: 10_000 } },
  amount: 5_000,
};
const secondLine: RewardLine = {
  ...lotLine,
  id: 72,
  kind: 'second_level',
  level: 2,
  client: { id: 31, name: 'Maria Shevchenko' },
  rate: 1_000,
  inputs: { child: { reward_id: 64, partner_name: 'Oleh Bondar', amount: 900 } },
  amount: 90,
};

let me: PartnerMe = none;
let links: PartnerLink[] = [link()];
const posted: Array<{ url: string; body: unknown; key: string | null }> = [];

const server = mockServer(
  mock.get('*/api/user', () => HttpResponse.json(testUser())),
  mock.get('*/api/partner', () => HttpResponse.json(me)),
  mock.post('*/api/partner/application', async ({ request }) => {
    posted.push({ url: '/api/partner/application', body: await request.json(), key: null });
    me = { status: 'applied', application: submitted, partner: null };
    return HttpResponse.json(submitted, { status: 201 });
  }),
  mock.get('*/api/partner/links', () => HttpResponse.json(links)),
  mock.post('*/api/partner/links', async ({ request }) => {
    const body = (await request.json()) as { campaign: string };
    posted.push({ url: '/api/partner/links', body, key: null });
    const created = link({ id: 2, code: 'p8w4n6tb', campaign: body.campaign, url: 'http://localhost:3000/r/p8w4n6tb', clicks: 0, registrations: 0 });
    links = [created, ...links];
    return HttpResponse.json(created, { status: 201 });
  }),
  mock.get('*/api/partner/rewards', () => HttpResponse.json({ data: [secondLine, lotLine, cpaLine], next_before: null, total: 3 })),
  mock.get('*/api/partner/payouts', () => HttpResponse.json([])),
  mock.get('*/api/trading-account', () => HttpResponse.json([testAccount()])),
);
afterEach(() => {
  me = none;
  links = [link()];
  posted.length = 0;
});

describe('partner program: the application', { timeout: 30_000 }, () => {
  it('asks for the terms to be accepted, then sends the application and shows it under review with its timeline', async () => {
    const user = userEvent.setup();
    renderApp('/en/investor', { signedIn: true });
    await screen.findByRole('heading', { name: 'Apply to become a partner' });
    await user.type(screen.getByLabelText('Website or channel (optional)'), 'https://t.me/fx-daily');
    await user.type(screen.getByLabelText('How you will bring clients'), 'A channel about currencies, 12,000 readers.');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please accept the partner terms to apply.');
    expect(posted).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: /I accept the partner terms/ }));
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    const status = await screen.findByRole('region', { name: 'Your application' });
    expect(within(status).getByText('Under review')).toBeTruthy();
    expect(within(within(status).getByRole('list', { name: 'Steps of your application' })).getByText('Application sent')).toBeTruthy();
    expect(posted).toEqual([{ url: '/api/partner/application', body: { website: 'https://t.me/fx-daily', description: 'A channel about currencies, 12,000 readers.' }, key: null }]);
    expect(screen.queryByRole('button', { name: 'Send application' })).toBeNull();
  });

  it('shows the server’s refusal on its field in Russian and keeps what was typed', async () => {
    const why = 'Опишите, как вы будете привлекать клиентов.';
    server.use(mock.post('*/api/partner/application', () => HttpResponse.json({ message: why, errors: { description: [why] } }, { status: 422 })));
    const user = userEvent.setup();
    renderApp('/ru/investor', { signedIn: true });
    await screen.findByRole('heading', { name: 'Заявка на партнёрство' });
    await user.type(screen.getByLabelText('Сайт или канал (необязательно)'), 'fx-daily.example');
    await user.type(screen.getByLabelText('Как вы будете привлекать клиентов'), 'x');
    await user.click(screen.getByRole('checkbox', { name: /Я принимаю условия партнёрства/ }));
    await user.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    const field = screen.getByLabelText('Как вы будете привлекать клиентов');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(why)).toBeTruthy();
    expect((screen.getByLabelText('Сайт или канал (необязательно)') as HTMLInputElement).value).toBe('fx-daily.example');
    expect((field as HTMLTextAreaElement).value).toBe('x');
  });

  it('says in words why an application was declined, and lets the client apply again', async () => {
    me = { status: 'rejected', application: rejected, partner: null };
    const user = userEvent.setup();
    renderApp('/en/investor', { signedIn: true });
    const status = await screen.findByRole('region', { name: 'Your application' });
    expect(within(status).getByText('Declined')).toBeTruthy();
    expect(within(status).getAllByText(/Your channel has no readers yet\./).length).toBeGreaterThan(0);
    expect(within(status).getByText('Declined by our staff')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send application' })).toBeNull();
    await user.click(within(status).getByRole('button', { name: 'Apply again' }));
    expect(await screen.findByRole('button', { name: 'Send application' })).toBeTruthy();
  });
});

describe('partner program: a partner’s links and rewards', { timeout: 30_000 }, () => {
  it('creates a link for a campaign and shows its address with a copy button and a QR code', async () => {
    me = partnerMe();
    const user = userEvent.setup();
    renderApp('/en/investor/links', { signedIn: true });
    expect(await screen.findByRole('img', { name: 'QR code of Telegram channel' })).toBeTruthy();
    await user.type(screen.getByLabelText('Campaign name'), 'Spring webinar');
    await user.click(screen.getByRole('button', { name: 'Create link' }));

    const address = await screen.findByRole('textbox', { name: 'Address of Spring webinar' });
    expect((address as HTMLInputElement).value).toBe('http://localhost:3000/r/p8w4n6tb');
    const qr = screen.getByRole('img', { name: 'QR code of Spring webinar' });
    // A real symbol: the quiet zone plus at least a version-1 matrix, with dark modules drawn.
    expect(Number(qr.getAttribute('viewBox')?.split(' ')[2])).toBeGreaterThanOrEqual(29);
    expect(qr.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(100);
    expect(screen.getByRole('button', { name: 'Download the QR code of Spring webinar as SVG' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the QR code of Spring webinar as PNG' })).toBeTruthy();
    expect(posted).toEqual([{ url: '/api/partner/links', body: { campaign: 'Spring webinar' }, key: null }]);

    const card = address.closest('li') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(await within(card).findByText('Address copied.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/r/p8w4n6tb');
  });

  it('shows each reward line with its source, the base and the rate applied, and a second-level line with the sub-partner', async () => {
    me = partnerMe();
    renderApp('/en/investor/rewards', { signedIn: true });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    const lot = rows.find((row) => row.textContent?.includes('Deal #900123')) as HTMLElement;
    expect(within(lot).getByText('Ivan Petrenko')).toBeTruthy();
    expect(lot.textContent).toContain('BTCUSD · Cryptocurrencies · 40077777');
    expect(lot.textContent).toContain('0.5 lots');
    expect(lot.textContent).toContain('$12.00 per lot');
    expect(lot.textContent).toContain('$6.00');
    const cpa = rows.find((row) => row.textContent?.includes('Deposit DEP-7HQ2ZP4K')) as HTMLElement;
    expect(cpa.textContent).toContain('First deposit of at least $100.00');
    expect(cpa.textContent).toContain('$250.00');
    expect(cpa.textContent).toContain('$50.00 once');
    const second = rows.find((row) => row.textContent?.includes('Oleh Bondar')) as HTMLElement;
    expect(second.textContent).toContain("Share of Oleh Bondar's reward");
    expect(second.textContent).toContain('$9.00');
    expect(second.textContent).toContain('10%');
    expect(second.textContent).toContain('$0.90');
    expect(screen.getByText('3 of 3 lines')).toBeTruthy();
  });
});

describe('partner program: payouts', { timeout: 30_000 }, () => {
  const payout: PartnerPayout = {
    id: 11,
    kind: 'transfer',
    status: 'completed',
    amount: 25_050,
    currency: 'USD',
    precision: 2,
    reference: 'PTR-9K2M4Q7X',
    account: { id: 7, number: '40012345' },
    reason: null,
    created_at: AT,
    decided_at: AT,
  };

  it('reads "250,50" as Russian writes it, refuses more than is available before sending, and sends a failed transfer again with the same key', async () => {
    me = partnerMe(30_000);
    let fail = true;
    server.use(
      mock.post('*/api/partner/payouts', async ({ request }) => {
        posted.push({ url: '/api/partner/payouts', body: await request.json(), key: request.headers.get('idempotency-key') });
        if (fail) {
          fail = false;
          return HttpResponse.json({ message: 'Server Error' }, { status: 503 });
        }
        return HttpResponse.json(payout, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/ru/investor/payouts', { signedIn: true });
    const amount = await screen.findByLabelText('Сумма, USD');
    await screen.findByRole('option', { name: /40012345/ });

    await user.type(amount, '350');
    await user.click(screen.getByRole('button', { name: 'Перевести вознаграждения' }));
    expect((await screen.findByText(/Доступно не более/)).textContent).toMatch(/300,00\s\$/);
    expect(posted).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '250,50');
    await user.click(screen.getByRole('button', { name: 'Перевести вознаграждения' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    // The failed send keeps the amount; the same content goes again under the same key.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Перевести вознаграждения' }).hasAttribute('disabled')).toBe(false));
    expect((amount as HTMLInputElement).value).toBe('250,50');
    await user.click(screen.getByRole('button', { name: 'Перевести вознаграждения' }));
    await screen.findByText(/переведено на счёт 40012345/);
    expect(posted.map((p) => p.body)).toEqual([
      { kind: 'transfer', amount: '250.50', account_id: 7 },
      { kind: 'transfer', amount: '250.50', account_id: 7 },
    ]);
    expect(posted[0]!.key).toBeTruthy();
    expect(posted[1]!.key).toBe(posted[0]!.key);
    expect((amount as HTMLInputElement).value).toBe('');
  });
});
