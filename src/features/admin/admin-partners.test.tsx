import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPartnerApplication, PartnerPlan } from '../../../contract/partners';
import { FakeEcho } from '../../test/fake-echo';
import { mockServer } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { asAdmin, testUser } from '../../test/users';

vi.mock('laravel-echo', () => ({ default: FakeEcho }));
vi.mock('pusher-js', () => ({ default: class {} }));

const AT = '2026-03-02T10:00:00.000Z';
const application = (id: number, name: string): AdminPartnerApplication => ({
  id,
  state: 'submitted',
  website: 'https://t.me/fx-daily',
  description: 'A channel about currencies.',
  reason: null,
  created_at: AT,
  decided_at: null,
  timeline: [{ from: null, to: 'submitted', event: 'created', by: 'client', reason: null, expected_at: null, at: AT }],
  user: { id: id + 100, name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
});

let waiting: AdminPartnerApplication[] = [];
const pendingWithdrawals = [
  { id: 8, kind: 'withdrawal', status: 'pending', amount: 12_000, currency: 'USD', precision: 2, reference: 'PWD-4K8M2Q', account: null, reason: null, created_at: AT, decided_at: null, partner: { id: 3, name: 'Ivan Petrenko', email: 'ivan@example.com' } },
  { id: 9, kind: 'withdrawal', status: 'pending', amount: 5_000, currency: 'USD', precision: 2, reference: 'PWD-7Z3N5R', account: null, reason: null, created_at: AT, decided_at: null, partner: { id: 4, name: 'Maria Shevchenko', email: 'maria@example.com' } },
];
let withdrawals = pendingWithdrawals;
let plans: PartnerPlan[] = [];
const posted: Array<{ method: string; url: string; body: unknown }> = [];

mockServer(
  mock.get('*/api/user', () => HttpResponse.json(asAdmin(testUser()))),
  mock.get('*/api/realtime', () => HttpResponse.json({ key: 'app-key', host: null, port: null, force_tls: false })),
  mock.get('*/api/admin/partners/applications', () => HttpResponse.json(waiting)),
  mock.post('*/api/admin/partners/applications/:id/:decision', async ({ params, request }) => {
    const body = await request.json().catch(() => null);
    posted.push({ method: 'POST', url: `/api/admin/partners/applications/${params.id}/${params.decision}`, body });
    const decided = waiting.find((a) => a.id === Number(params.id))!;
    waiting = waiting.filter((a) => a !== decided);
    return HttpResponse.json({ ...decided, state: params.decision === 'approve' ? 'approved' : 'rejected' });
  }),
  mock.get('*/api/admin/partner-plans', () => HttpResponse.json(plans)),
  mock.post('*/api/admin/partner-plans', async ({ request }) => {
    const body = (await request.json()) as Omit<PartnerPlan, 'id' | 'precision' | 'created_at' | 'updated_at'>;
    posted.push({ method: 'POST', url: '/api/admin/partner-plans', body });
    const plan: PartnerPlan = { ...body, id: 4, precision: 2, created_at: AT, updated_at: AT };
    plans = [...plans, plan];
    return HttpResponse.json(plan, { status: 201 });
  }),
  mock.get('*/api/admin/partners/payouts', () => HttpResponse.json(withdrawals)),
  mock.post('*/api/admin/partners/payouts/:id/:decision', async ({ params, request }) => {
    posted.push({ method: 'POST', url: `/api/admin/partners/payouts/${params.id}/${params.decision}`, body: await request.json().catch(() => null) });
    const decided = withdrawals.find((w) => w.id === Number(params.id))!;
    withdrawals = withdrawals.filter((w) => w !== decided);
    return HttpResponse.json({ ...decided, status: params.decision === 'approve' ? 'completed' : 'rejected' });
  }),
  mock.get('*/api/currencies', () => HttpResponse.json([{ id: 1, code: 'USD', name: 'US Dollar', precision: 2 }])),
);
afterEach(() => {
  waiting = [];
  withdrawals = pendingWithdrawals;
  plans = [];
  posted.length = 0;
});

describe('administration: partners', { timeout: 30_000 }, () => {
  it('approves one application and declines another with the reason the client reads', async () => {
    waiting = [application(1, 'Ivan Petrenko'), application(2, 'Maria Shevchenko')];
    const user = userEvent.setup();
    renderApp('/en/administration/partners', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Approve Ivan Petrenko' }));
    expect(await screen.findByText('Ivan Petrenko is now a partner.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Decline Maria Shevchenko' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the application of Maria Shevchenko?' });
    await user.type(within(dialog).getByLabelText('Reason, shown to the client'), 'No audience yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline application' }));
    expect(await screen.findByText('The application of Maria Shevchenko was declined.')).toBeTruthy();
    expect(posted).toEqual([
      { method: 'POST', url: '/api/admin/partners/applications/1/approve', body: {} },
      { method: 'POST', url: '/api/admin/partners/applications/2/reject', body: { reason: 'No audience yet.' } },
    ]);
    await screen.findByText('Nothing is waiting');
  });

  it('creates a plan with amounts and the share typed as Russian writes them, sent in minor units and basis points', async () => {
    const user = userEvent.setup();
    renderApp('/ru/administration/partners?view=plans', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Новый план' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый план вознаграждений' });
    const field = (label: string) => within(dialog).getByLabelText(label);
    await user.type(field('Название'), 'Премиум');
    await user.clear(field('Депозит не менее, USD'));
    await user.type(field('Депозит не менее, USD'), '1 000,00');
    await user.clear(field('Вознаграждение, USD'));
    await user.type(field('Вознаграждение, USD'), '75,50');
    await user.clear(field('Валюты'));
    await user.type(field('Валюты'), '8,5');
    await user.clear(field('Доля от вознаграждений субпартнёров, %'));
    await user.type(field('Доля от вознаграждений субпартнёров, %'), '12,5');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Одобрять заявки автоматически с этим планом' }));
    await user.click(within(dialog).getByRole('button', { name: 'Создать план' }));

    expect(await screen.findByText('План «Премиум» сохранён.')).toBeTruthy();
    expect(posted).toEqual([
      {
        method: 'POST',
        url: '/api/admin/partner-plans',
        body: {
          name: 'Премиум',
          currency: 'USD',
          cpa_threshold: 100_000,
          cpa_amount: 7_550,
          lot_rates: { forex: 850, metals: 0, indices: 0, crypto: 0 },
          second_level_bps: 1_250,
          auto_approve: true,
          is_default: false,
        },
      },
    ]);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Премиум' })).toBeTruthy());
  });

  it('refuses a share it cannot read before sending', async () => {
    const user = userEvent.setup();
    renderApp('/en/administration/partners?view=plans', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'New plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New reward plan' });
    await user.type(within(dialog).getByLabelText('Name'), 'Too generous');
    await user.clear(within(dialog).getByLabelText("Share of sub-partners' rewards, %"));
    await user.type(within(dialog).getByLabelText("Share of sub-partners' rewards, %"), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await within(dialog).findByText('Type a percentage from 0 to 100.')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('pays out one partner withdrawal and rejects another with a reason', async () => {
    const user = userEvent.setup();
    renderApp('/en/administration/partners?view=payouts', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Pay out PWD-4K8M2Q' }));
    expect(await screen.findByText('Withdrawal PWD-4K8M2Q paid out.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reject PWD-7Z3N5R' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal PWD-7Z3N5R?' });
    await user.type(within(dialog).getByLabelText('Reason, shown to the client'), 'The bank account is not in your name.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    expect(await screen.findByText('Withdrawal PWD-7Z3N5R rejected.')).toBeTruthy();
    expect(posted).toEqual([
      { method: 'POST', url: '/api/admin/partners/payouts/8/approve', body: {} },
      { method: 'POST', url: '/api/admin/partners/payouts/9/reject', body: { reason: 'The bank account is not in your name.' } },
    ]);
  });
});
