import { screen, waitFor, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { mockServer } from '../../test/msw';
import { DEFAULT_OFFICE_HOURS } from '../../../contract/support';
import type { AdminRoom } from '../../../contract/chat';
import type { User } from '../../../contract/user';
import { renderApp } from '../../test/render-app';
import { FakeEcho } from '../../test/fake-echo';
import { holdNextSocket } from '../../test/held-socket';

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

const room = (
  id: number,
  name: string,
  lastBy: number,
  text: string,
  unread = 0,
  presence: AdminRoom['client_presence'] = { online: false, last_seen_at: null },
): AdminRoom => ({
  id,
  name,
  agent_name: 'Support',
  user_id: 100 + id,
  client: { id: 100 + id, first_name: name, second_name: 'Client', email: `${name.toLowerCase()}@traderoom.test` },
  last_message: { id: id * 10, message: text, user_id: lastBy, created_at: '2026-01-02T10:00:00.000Z', client_id: null, attachment: null },
  last_activity_at: '2026-01-02T10:00:00.000Z',
  unread_count: unread,
  client_read_id: 0,
  client_presence: presence,
  status: 'open',
  assignee: null,
});

const server = mockServer(
  mock.get('*/api/user', () => HttpResponse.json(admin)),
  mock.get('*/api/realtime', () => HttpResponse.json({ key: 'app-key', host: null, port: null, force_tls: false })),
  mock.get('*/api/admin/chat/rooms', () =>
    HttpResponse.json([
      room(1, 'Olga', admin.id, 'Your deposit is credited.', 0, { online: true, last_seen_at: '2026-01-02T10:00:00.000Z' }),
      room(2, 'Petr', 102, 'Thanks, got it.', 3, { online: false, last_seen_at: new Date(Date.now() - 5 * 60_000).toISOString() }),
      room(3, 'Ivan', 103, 'Hello', 0, { online: false, last_seen_at: null }),
    ]),
  ),
  mock.get('*/api/support/status', () => HttpResponse.json({ online: true, office_hours: DEFAULT_OFFICE_HOURS })),
);

describe('the staff room list', { timeout: 30_000 }, () => {
  it('marks the previews of one’s own last messages with “You:”, not the client’s', async () => {
    renderApp('/en/administration/chats', { signedIn: true });
    const mine = (await screen.findByText('Your deposit is credited.')).closest('button')!;
    expect(within(mine).getByText('You:')).toBeTruthy();
    const theirs = screen.getByText('Thanks, got it.').closest('button')!;
    expect(within(theirs).queryByText('You:')).toBeNull();
  });

  it.each([
    ['en', ['Online', 'Last seen 5 minutes ago', 'Not seen yet']],
    ['ru', ['В сети', 'Был(а) в сети 5 минут назад', 'Ещё не заходил(а)']],
  ])('shows in %s whether each client is online now or when last seen', async (lang, labels) => {
    renderApp(`/${lang}/administration/chats`, { signedIn: true });
    const rows = await screen.findAllByTestId('client-presence');
    expect(rows.map((row) => row.textContent)).toEqual(labels);
  });

  it('loads the list again once its channel is subscribed, so an update sent before then is not lost', async () => {
    // A page opened afresh: its socket connects only after the list's first answer, which is from
    // before Petr's messages were read; the `room.updated` saying so went out before this tab's
    // subscription to the staff channel, and reached nobody.
    let unread = 3;
    server.use(mock.get('*/api/admin/chat/rooms', () => HttpResponse.json([room(2, 'Petr', 102, 'Thanks, got it.', unread)])));
    const connect = holdNextSocket(server);
    renderApp('/en/administration/chats', { signedIn: true });
    await waitFor(() => expect(document.title).toBe('(3) Chats · Traderoom'));
    unread = 0;
    connect();
    await waitFor(() => expect(FakeEcho.instances.at(-1)?.channels.get('private-admin.chats')?.subscribed).toBe(true));
    await waitFor(() => expect(document.title).toBe('Chats · Traderoom'));
    expect(screen.getByText('Thanks, got it.').closest('button')!.textContent).not.toContain('unread');
  });

  it('counts the unread client messages in the tab’s title', async () => {
    renderApp('/en/administration/chats', { signedIn: true });
    await screen.findByText('Thanks, got it.');
    await waitFor(() => expect(document.title).toBe('(3) Chats · Traderoom'));
  });
});
