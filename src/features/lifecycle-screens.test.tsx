import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Timeline } from '../../contract/lifecycle';
import type { LedgerEntry, Paged, WalletRequest } from '../../contract/trading';
import { mockServer } from '../test/msw';
import { renderApp } from '../test/render-app';
import { testAccount } from '../test/trading-fixtures';
import { asAdmin, testUser } from '../test/users';

const client = testUser({ id: 5, first_name: 'Iryna', second_name: 'Bondar', email: 'iryna@example.com' });
const admin = asAdmin(client);
let user = client;

const REASON = 'The card is not in your name.';
const withdrawal: LedgerEntry = {
  id: 41,
  account_id: 7,
  account_number: '40012345',
  kind: 'withdrawal',
  amount: -50_000,
  currency: 'USD',
  precision: 2,
  status: 'rejected',
  reference: 'WDR-ABCDEFGH23',
  counterparty_account_number: null,
  created_at: '2026-01-02T09:00:00.000Z',
  decided_at: '2026-01-03T10:30:00.000Z',
  payment_method: 'SEPA transfer',
  fee: 0,
  platform_ticket: null,
  state: 'rejected',
  reason: REASON,
  expected_at: null,
};
const timeline: Timeline = {
  kind: 'wallet_request',
  id: 41,
  state: 'rejected',
  expected_at: null,
  steps: [
    { from: null, to: 'submitted', event: 'created', by: 'client', reason: null, expected_at: null, at: '2026-01-02T09:00:00.000Z' },
    { from: 'submitted', to: 'under_review', event: 'request.review', by: 'staff', reason: null, expected_at: '2026-01-04T12:00:00.000Z', at: '2026-01-03T08:00:00.000Z' },
    { from: 'under_review', to: 'rejected', event: 'request.reject', by: 'staff', reason: REASON, expected_at: null, at: '2026-01-03T10:30:00.000Z' },
  ],
};
const paged = <T,>(data: T[]): Paged<T> => ({ data, meta: { current_page: 1, per_page: 50, total: data.length, last_page: 1 } });
const asRequest = (entry: Partial<LedgerEntry>): WalletRequest => ({
  ...withdrawal,
  status: 'pending',
  state: 'submitted',
  reason: null,
  decided_at: null,
  ...entry,
  client: { id: 5, name: 'Iryna Bondar', email: 'iryna@example.com' },
  account_type: 'live',
});
let queue: WalletRequest[] = [];
const posted: Array<{ url: string; body: unknown }> = [];

mockServer(
  mock.get('*/api/user', () => HttpResponse.json(user)),
  mock.get('*/api/trading-account', () => HttpResponse.json([testAccount({ id: 7, number: '40012345' })])),
  mock.get('*/api/history', () => HttpResponse.json(paged([withdrawal]))),
  mock.get('*/api/wallet/requests/41/timeline', () => HttpResponse.json(timeline)),
  mock.get('*/api/service-requests', () => HttpResponse.json([])),
  mock.get('*/api/admin/wallet-requests', () => HttpResponse.json(paged(queue))),
  mock.post('*/api/admin/wallet-requests/:id/reject', async ({ request, params }) => {
    const body = (await request.json()) as { reason?: string };
    posted.push({ url: `reject/${String(params.id)}`, body });
    if (!body.reason) return HttpResponse.json({ message: 'The reason field is required.', errors: { reason: ['The reason field is required.'] } }, { status: 422 });
    queue = [];
    return HttpResponse.json(asRequest({ id: Number(params.id), status: 'rejected', state: 'rejected', reason: body.reason }));
  }),
);
afterEach(() => {
  user = client;
  queue = [];
  posted.length = 0;
});

describe('a money request’s timeline', { timeout: 30_000 }, () => {
  it('shows the rejection’s reason on the row and every step with its time when opened', async () => {
    renderApp('/en/history', { signedIn: true });
    const row = (await screen.findByText('WDR-ABCDEFGH23')).closest('tr')!;
    expect(row.textContent).toContain('Rejected');
    expect(row.textContent).toContain(REASON);
    await userEvent.click(within(row).getByRole('button', { name: 'Timeline of WDR-ABCDEFGH23' }));
    const steps = await screen.findByRole('list', { name: 'Timeline' });
    const items = within(steps).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toContain('Submitted');
    expect(items[1]).toContain('Under review');
    expect(items[2]).toContain('Rejected');
    expect(items[2]).toContain(REASON);
    // Written in the reader's language, with the year of the step.
    expect(items[2]).toMatch(/Jan.*2026/);
    expect(within(row).getByRole('button', { name: 'Hide timeline of WDR-ABCDEFGH23' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('reads in Russian', async () => {
    renderApp('/ru/history', { signedIn: true });
    const row = (await screen.findByText('WDR-ABCDEFGH23')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /WDR-ABCDEFGH23/ }));
    const steps = await screen.findByRole('list', { name: 'Хронология' });
    expect(steps.textContent).toContain('Отправлена');
    expect(steps.textContent).toContain('янв');
  });
});

describe('staff’s requests: only the possible steps, rejection with a reason', { timeout: 30_000 }, () => {
  it('offers review, approval and rejection on a waiting request, nothing on one in flight', async () => {
    user = admin;
    queue = [asRequest({ id: 50, reference: 'WDR-WAITING234' }), asRequest({ id: 51, reference: 'WDR-INFLIGHT23', state: 'approved' })];
    renderApp('/en/administration/requests', { signedIn: true });
    const waiting = (await screen.findByText('WDR-WAITING234')).closest('tr')!;
    expect(within(waiting).getByRole('button', { name: 'Take WDR-WAITING234 into review' })).toBeTruthy();
    expect(within(waiting).getByRole('button', { name: 'Approve WDR-WAITING234' })).toBeTruthy();
    expect(within(waiting).getByRole('button', { name: 'Reject WDR-WAITING234' })).toBeTruthy();
    const inFlight = screen.getByText('WDR-INFLIGHT23').closest('tr')!;
    expect(within(inFlight).queryAllByRole('button')).toEqual([]);
    expect(inFlight.textContent).toContain('Approved, processing');
  });

  it('asks for the reason, shows the server’s refusal of an empty one, and sends the reason', async () => {
    user = admin;
    queue = [asRequest({ id: 50, reference: 'WDR-WAITING234' })];
    renderApp('/en/administration/requests', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject WDR-WAITING234' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject request WDR-WAITING234?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Reason, shown to the client/), REASON);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await screen.findByText('Request WDR-ABCDEFGH23 rejected.')).toBeTruthy();
    await waitFor(() => expect(posted.at(-1)).toEqual({ url: 'reject/50', body: { reason: REASON } }));
  });
});
