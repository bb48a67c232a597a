import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer } from '../../test/msw';
import type { AdminRoom, CannedReply, RoomContext } from '../../../contract/chat';
import type { Timeline } from '../../../contract/lifecycle';
import type { User } from '../../../contract/user';
import { renderApp } from '../../test/render-app';
import { FakeEcho } from '../../test/fake-echo';

vi.mock('laravel-echo', () => ({ default: FakeEcho }));
vi.mock('pusher-js', () => ({ default: class {} }));

const admin: User = {
  id: 1,
  first_name: 'Anna',
  second_name: 'Admin',
  email: 'admin@traderoom.test',
  email_verified_at: '2026-01-01T00:00:00.000Z',
  roles: ['admin'],
  role: 'admin',
  created_at: '2026-01-01T00:00:00.000Z',
};

const room: AdminRoom = {
  id: 5,
  name: 'Olga Koval',
  agent_name: 'Support',
  user_id: 105,
  client: { id: 105, first_name: 'Olga', second_name: 'Koval', email: 'olga@traderoom.test' },
  last_message: { id: 50, message: 'Where is my deposit?', user_id: 105, created_at: '2026-01-02T10:00:00.000Z', client_id: null, attachment: null },
  last_activity_at: '2026-01-02T10:00:00.000Z',
  unread_count: 0,
  client_read_id: 0,
  client_presence: { online: false, last_seen_at: null },
  status: 'open',
  assignee: null,
};

const context: RoomContext = {
  client: { id: 105, first_name: 'Olga', second_name: 'Koval', email: 'olga@traderoom.test', locale: 'ru', email_verified: true },
  verification: { verified: false, documents: [{ kind: 'identity', status: 'approved' }, { kind: 'address', status: 'pending' }] },
  accounts: [{ id: 9, number: '51234567', type: 'live', currency: 'USD', precision: 2, balance: 1_250_050, equity: 1_250_050, status: 'active' }],
  pending_requests: [{ id: 3, kind: 'withdrawal', account_number: '51234567', amount: -20_000, currency: 'USD', precision: 2, created_at: '2026-01-02T09:00:00.000Z' }],
};

const replies: CannedReply[] = [
  { id: 1, lang: 'ru', shortcut: 'greeting', text: 'Здравствуйте! Чем помочь?', updated_at: '2026-01-01T00:00:00.000Z' },
  { id: 2, lang: 'ru', shortcut: 'deposit-eta', text: 'Зачисление занимает до часа.', updated_at: '2026-01-01T00:00:00.000Z' },
];

let contextAnswer: RoomContext = context;
const askedLanguages: string[] = [];
mockServer(
  mock.get('*/api/user', () => HttpResponse.json(admin)),
  mock.get('*/api/realtime', () => HttpResponse.json({ key: 'app-key', host: null, port: null, force_tls: false })),
  mock.get('*/api/admin/chat/rooms', () => HttpResponse.json([room])),
  mock.get('*/api/chat/room/5/messages', () => HttpResponse.json([room.last_message])),
  mock.post('*/api/chat/room/5/read', () => new HttpResponse(null, { status: 204 })),
  mock.get('*/api/admin/chat/rooms/5/context', () => HttpResponse.json(contextAnswer)),
  // Nobody has claimed or resolved the room yet.
  mock.get('*/api/admin/chat/rooms/5/timeline', () => HttpResponse.json<Timeline>({ kind: 'chat_room', id: 5, state: 'open', expected_at: null, steps: [] })),
  mock.get('*/api/admin/canned-replies', ({ request }) => {
    const lang = new URL(request.url).searchParams.get('lang') ?? 'all';
    askedLanguages.push(lang);
    return HttpResponse.json(replies.filter((r) => r.lang === lang));
  }),
);
afterEach(() => {
  contextAnswer = context;
});

async function openRoom() {
  renderApp('/en/administration/chats', { signedIn: true });
  await userEvent.click((await screen.findByText('Where is my deposit?')).closest('button')!);
  return screen.findByRole('complementary', { name: 'About the client' });
}

describe('the agent’s workspace', { timeout: 30_000 }, () => {
  it('shows the client’s context beside the conversation, with balances in the reader’s format and links', async () => {
    const panel = await openRoom();
    await within(panel).findByText('olga@traderoom.test');
    expect(within(panel).getByText('Русский')).toBeTruthy();
    expect(within(panel).getByText('Not verified')).toBeTruthy();
    expect(within(panel).getByText('Pending review')).toBeTruthy();
    expect(within(panel).getAllByText('$12,500.50')).toHaveLength(1);
    expect(within(panel).getByText('$200.00')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Requests' }).getAttribute('href')).toBe('/en/administration/requests');
    // The tickets feature is not in this answer: no tickets section.
    expect(within(panel).queryByText('Open tickets')).toBeNull();
  });

  it('shows open tickets when the context carries them', async () => {
    contextAnswer = { ...context, tickets: [{ id: 12, number: 'T-000012', subject: 'Withdrawal delayed', status: 'open', updated_at: '2026-01-02T08:00:00.000Z' }] };
    const panel = await openRoom();
    expect(await within(panel).findByText('Open tickets')).toBeTruthy();
    expect(within(panel).getByText('Withdrawal delayed')).toBeTruthy();
  });

  it('inserts a canned reply of the client’s language with /, the arrows and Enter; Escape closes the list', async () => {
    await openRoom();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(askedLanguages).toContain('ru'));
    await userEvent.type(input, 'Hi /gree');
    const list = await screen.findByRole('listbox', { name: 'Canned replies' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['/greetingЗдравствуйте! Чем помочь?']);
    expect(input.getAttribute('aria-activedescendant')).toBe(within(list).getByRole('option').id);
    await userEvent.keyboard('{Enter}');
    expect((input as HTMLTextAreaElement).value).toBe('Hi Здравствуйте! Чем помочь?');
    expect(screen.queryByRole('listbox')).toBeNull();

    await userEvent.clear(input);
    await userEvent.type(input, '/');
    const all = await screen.findByRole('listbox', { name: 'Canned replies' });
    expect(within(all).getAllByRole('option')).toHaveLength(2);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect((input as HTMLTextAreaElement).value).toBe('Зачисление занимает до часа.');

    await userEvent.type(input, ' /');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((input as HTMLTextAreaElement).value).toBe('Зачисление занимает до часа. /');
  });
});
