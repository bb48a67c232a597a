import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminTicket, Ticket, TicketStatus, TicketSummary } from '../../../contract/tickets';
import { mockServer } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { asAdmin, testUser } from '../../test/users';

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 123,
    number: 'T-000123',
    category: 'withdrawal',
    subject: 'Withdrawal pending',
    status: 'awaiting_client',
    handler: { id: 1, name: 'Alexandra Morgan' },
    created_at: ago(2 * DAY),
    updated_at: ago(DAY),
    resolved_at: null,
    rating: null,
    reopen_until: null,
    rated: false,
    timeline: [{ from: null, to: 'open', event: 'created', by: 'client', reason: null, expected_at: null, at: ago(2 * DAY) }],
    messages: [
      { id: 1, author: { kind: 'client', name: 'Olena Kovalenko' }, body: 'My withdrawal is pending.', internal: false, created_at: ago(2 * DAY), attachments: [{ id: 9, file_name: 'statement.pdf', mime_type: 'application/pdf', size: 2048 }] },
      { id: 2, author: { kind: 'staff', name: 'Alexandra Morgan' }, body: 'We are checking with the bank.', internal: false, created_at: ago(DAY), attachments: [] },
    ],
    ...overrides,
  };
}

const summary = ({ messages: _m, rating: _r, reopen_until: _u, rated: _d, timeline: _t, ...rest }: Ticket): TicketSummary => rest;
const resolved = (resolvedAgo: number, status: TicketStatus = 'resolved') =>
  ticket({ status, resolved_at: ago(resolvedAgo), reopen_until: status === 'resolved' ? new Date(Date.now() - resolvedAgo + 7 * DAY).toISOString() : null });

const sent: Array<{ url: string; fields: Record<string, string>; files: string[] }> = [];
const posted: Array<{ url: string; body: unknown }> = [];
let current: Ticket = ticket();

const server = mockServer(
  mock.get('*/api/user', () => HttpResponse.json(testUser())),
  mock.get('*/api/tickets', () => HttpResponse.json([summary(current)])),
  mock.get('*/api/tickets/:id', ({ params }) => (Number(params.id) === current.id ? HttpResponse.json(current) : HttpResponse.json({ message: 'Not found.' }, { status: 404 }))),
  mock.post('*/api/tickets', async ({ request }) => {
    const form = await request.formData();
    const fields: Record<string, string> = {};
    const files: string[] = [];
    form.forEach((value, key) => {
      if (typeof value === 'string') fields[key] = value;
      else files.push(`${key}:${value.name}`);
    });
    sent.push({ url: '/api/tickets', fields, files });
    current = ticket({ id: 124, number: 'T-000124', status: 'open', subject: fields.subject!, handler: null });
    return HttpResponse.json(current, { status: 201 });
  }),
  mock.post('*/api/tickets/:id/:step', async ({ request, params }) => {
    posted.push({ url: `/api/tickets/${params.id}/${params.step}`, body: await request.json().catch(() => null) });
    if (params.step === 'reopen') current = { ...current, status: 'awaiting_staff', reopen_until: null };
    if (params.step === 'rating') current = { ...current, rating: { score: 4, comment: 'Quick.', rated_at: new Date().toISOString() }, rated: true };
    return HttpResponse.json(current);
  }),
);
afterEach(() => {
  sent.length = 0;
  posted.length = 0;
  current = ticket();
});

describe('client tickets', { timeout: 30_000 }, () => {
  it('opens a ticket with an attachment and lands on its page', async () => {
    const user = userEvent.setup();
    renderApp('/en/tickets', { signedIn: true });
    await screen.findByRole('link', { name: /T-000123 Withdrawal pending/ });
    await user.click(screen.getByRole('button', { name: 'New ticket' }));
    await user.selectOptions(screen.getByLabelText('Category'), 'deposit');
    await user.type(screen.getByLabelText('Subject'), 'Card deposit missing');
    await user.type(screen.getByLabelText('Message'), 'Paid 100 USD by card an hour ago.');
    await user.upload(screen.getByLabelText('Attachments (optional)'), new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' }));
    expect(within(screen.getByRole('list', { name: 'Chosen files' })).getByText('receipt.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));

    await screen.findByRole('heading', { name: 'Card deposit missing' });
    expect(sent).toEqual([
      { url: '/api/tickets', fields: { category: 'deposit', subject: 'Card deposit missing', message: 'Paid 100 USD by card an hour ago.' }, files: ['files:receipt.pdf'] },
    ]);
    expect(screen.getByText('T-000124')).toBeTruthy();
  });

  it('refuses a fourth file before uploading anything', async () => {
    const user = userEvent.setup();
    renderApp('/en/tickets', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'New ticket' }));
    await user.selectOptions(screen.getByLabelText('Category'), 'other');
    await user.type(screen.getByLabelText('Subject'), 'Four files');
    await user.type(screen.getByLabelText('Message'), 'See the files.');
    const files = ['a', 'b', 'c', 'd'].map((name) => new File(['x'], `${name}.png`, { type: 'image/png' }));
    await user.upload(screen.getByLabelText('Attachments (optional)'), files);
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Attach at most 3 files.');
    expect(sent).toEqual([]);
  });

  it('shows the thread and, waiting for the client, only the reply', async () => {
    renderApp('/en/tickets/123', { signedIn: true });
    const thread = await screen.findByRole('list', { name: 'Messages' });
    expect(within(thread).getByText('My withdrawal is pending.')).toBeTruthy();
    expect(within(thread).getByText('Alexandra Morgan, support')).toBeTruthy();
    expect(within(thread).getByRole('button', { name: /statement\.pdf/ })).toBeTruthy();
    expect(screen.getByText('Awaiting you')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Reply' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reopen the ticket' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'How helpful was the answer?' })).toBeNull();
  });

  it('reopens a ticket resolved two days ago, and rates it once resolved', async () => {
    const user = userEvent.setup();
    current = resolved(2 * DAY);
    renderApp('/en/tickets/123', { signedIn: true });
    await screen.findByRole('heading', { name: 'This ticket is resolved' });
    expect(screen.queryByRole('heading', { name: 'Reply' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: '4' }));
    await user.type(screen.getByLabelText('Comment (optional)'), 'Quick.');
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    await screen.findByText(/You rated the answer 4 out of 5/);
    expect(posted).toContainEqual({ url: '/api/tickets/123/rating', body: { score: 4, comment: 'Quick.' } });
    expect(screen.queryByRole('button', { name: 'Send rating' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reopen the ticket' }));
    await screen.findByText('Awaiting support');
    expect(posted.map((p) => p.url)).toContain('/api/tickets/123/reopen');
    expect(screen.getByRole('heading', { name: 'Reply' })).toBeTruthy();
  });

  it('offers no reopen once the 7 days after the resolution have passed', async () => {
    current = resolved(8 * DAY);
    renderApp('/ru/tickets/123', { signedIn: true });
    await screen.findByRole('heading', { name: 'Обращение решено' });
    expect(screen.queryByRole('button', { name: 'Открыть обращение снова' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Насколько помог ответ?' })).toBeTruthy();
  });

  it('answers another client’s ticket as not found', async () => {
    renderApp('/en/tickets/999', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Ticket not found' })).toBeTruthy();
  });
});

describe('staff tickets', { timeout: 30_000 }, () => {
  const staffTicket = (overrides: Partial<AdminTicket> = {}): AdminTicket => ({
    ...ticket({ status: 'open', handler: null }),
    client: { id: 2, name: 'Olena Kovalenko', email: 'client@traderoom.test' },
    first_response_at: null,
    first_response_seconds: null,
    resolution_seconds: null,
    messages: [
      ...ticket().messages.slice(0, 1),
      { id: 3, author: { kind: 'staff', name: 'Boris Keller' }, body: 'Check the provider first.', internal: true, created_at: ago(DAY), attachments: [] },
    ],
    ...overrides,
  });
  const queries: string[] = [];

  it('filters the queue through the address and shows the measured times', async () => {
    const user = userEvent.setup();
    server.use(
      mock.get('*/api/user', () => HttpResponse.json(asAdmin(testUser()))),
      mock.get('*/api/admin/tickets/staff', () => HttpResponse.json([{ id: 1, name: 'Olena Kovalenko' }, { id: 5, name: 'Boris Keller' }])),
      mock.get('*/api/admin/tickets', ({ request }) => {
        queries.push(new URL(request.url).search);
        const { messages: _m, rating: _r, reopen_until: _u, rated: _d, timeline: _t, first_response_at: _f, ...row } = staffTicket({ first_response_seconds: 5_400 });
        return HttpResponse.json([row]);
      }),
    );
    renderApp('/en/administration/tickets', { signedIn: true });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('1 hr 30 min')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status'), 'open');
    await user.selectOptions(screen.getByLabelText('Assignee'), '5');
    await user.selectOptions(screen.getByLabelText('Age'), '24h');
    await waitFor(() => expect(queries.at(-1)).toBe('?status=open&assignee=5&age=24h'));
  });

  it('shows notes as such, and the server’s word when a colleague claimed first', async () => {
    const user = userEvent.setup();
    server.use(
      mock.get('*/api/user', () => HttpResponse.json(asAdmin(testUser()))),
      mock.get('*/api/admin/tickets/staff', () => HttpResponse.json([{ id: 5, name: 'Boris Keller' }])),
      mock.get('*/api/admin/tickets/:id', () => HttpResponse.json(staffTicket())),
      mock.post('*/api/admin/tickets/:id/claim', () => HttpResponse.json({ message: 'Boris Keller has already claimed this ticket.' }, { status: 409 })),
    );
    renderApp('/en/administration/tickets/123', { signedIn: true });
    const note = await screen.findByRole('listitem', { name: 'Internal note by Boris Keller' });
    expect(within(note).getByText('Check the provider first.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Change the status' }).textContent).toBe('Mark as awaiting clientResolveClose');
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Boris Keller has already claimed this ticket.')).toBeTruthy();
  });
});
