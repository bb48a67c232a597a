import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { type ChatRoom, ROOM_READ_EVENT } from '../../../contract/chat';
import { DEFAULT_OFFICE_HOURS, SUPPORT_STATUS_EVENT, type SupportStatus } from '../../../contract/support';
import { queryClient } from '../../data/query-client';
import { holdNextSocket } from '../../test/held-socket';
import { mockServer } from '../../test/msw';
import { FakeEcho } from '../../test/fake-echo';
import { renderApp } from '../../test/render-app';
import { testUser } from '../../test/users';

vi.mock('laravel-echo', () => ({ default: FakeEcho }));
vi.mock('pusher-js', () => ({ default: class {} }));

const user = testUser();
const message = (id: number, userId: number, text: string) => ({ id, message: text, user_id: userId, created_at: '2026-11-24T10:00:00.000Z', client_id: null, attachment: null });
const room: ChatRoom = {
  id: 3,
  name: 'Client',
  agent_name: 'Support',
  user_id: user.id,
  message_all: [message(1, user.id, 'Where is my deposit?'), message(2, 900, 'Checking now.'), message(3, user.id, 'Thank you')],
  unread_count: 0,
  other_read_id: 1,
};
const away: SupportStatus = { online: false, availability: 'closed', opens_at: null, closes_at: null, office_hours: DEFAULT_OFFICE_HOURS };

const server = mockServer(
  mock.get('*/api/user', () => HttpResponse.json(user)),
  mock.get('*/api/trading-account', () => HttpResponse.json([])),
  mock.get('*/api/trading-account/limits', () => HttpResponse.json({ max_accounts: 5 })),
  mock.get('*/api/currencies', () => HttpResponse.json([])),
  mock.get('*/api/articles/getAll', () => HttpResponse.json([])),
  mock.get('*/api/notifications/unread-count', () => HttpResponse.json({ unread: 0 })),
  mock.post('*/api/chat/room/find', () => HttpResponse.json(room)),
  mock.post('*/api/chat/room/3/read', () => new HttpResponse(null, { status: 204 })),
  mock.get('*/api/chat/room/3/messages', () => HttpResponse.json([])),
  mock.get('*/api/support/status', () => HttpResponse.json(away)),
  mock.get('*/api/realtime', () => HttpResponse.json({ key: 'app-key', host: null, port: null, force_tls: false })),
);

describe('the client’s chat: support’s presence and read receipts', { timeout: 30_000 }, () => {
  it.each([
    ['en', 'Support chat', 'Office hours: weekdays, 09:00–18:00 (Europe/London).', 'Support is online'],
    ['ru', 'Чат поддержки', 'Часы работы: по будням, 09:00–18:00 (Europe/London).', 'Поддержка в сети'],
  ])('in %s: away with the office hours, then online when staff come', async (lang, launcher, hours, online) => {
    renderApp(`/${lang}/home`, { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: launcher }));
    const status = await screen.findByTestId('support-status');
    await waitFor(() => expect(status.textContent).toContain(hours));
    expect(status.textContent).toContain(DEFAULT_OFFICE_HOURS.away_message[lang as 'en' | 'ru']);

    const socket = FakeEcho.instances.at(-1)!;
    // The widget is in its room's presence channel: staff see the client online.
    await waitFor(() => expect(socket.channels.get('presence-chat.3')?.subscribed).toBe(true));
    await waitFor(() => expect(socket.channels.get('support')?.subscribed).toBe(true));
    act(() => socket.channels.get('support')!.emit(SUPPORT_STATUS_EVENT, { ...away, online: true, availability: 'online' }));
    await waitFor(() => expect(screen.getByTestId('support-status').textContent).toBe(online));
  });

  it.each([
    ['en', 'Support chat', 'Within office hours: a manager will answer soon.'],
    ['ru', 'Чат поддержки', 'Сейчас рабочее время: менеджер скоро ответит.'],
  ])('in %s: within office hours with nobody online, says an answer comes soon', async (lang, launcher, soon) => {
    server.use(mock.get('*/api/support/status', () => HttpResponse.json({ ...away, availability: 'away', closes_at: '2030-01-15T18:00:00.000Z' })));
    renderApp(`/${lang}/home`, { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: launcher }));
    await waitFor(() => expect(screen.getByTestId('support-status').textContent).toContain(soon));
  });

  it('outside office hours, says when support opens in the user’s own time zone and language', async () => {
    const opens = '2030-01-21T09:00:00.000Z';
    server.use(mock.get('*/api/support/status', () => HttpResponse.json({ ...away, availability: 'closed', opens_at: opens })));
    renderApp('/ua/home', { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Чат підтримки' }));
    const when = new Intl.DateTimeFormat('uk', { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(opens));
    await waitFor(() => expect(screen.getByTestId('support-status').textContent).toContain(`Зараз неробочий час. Підтримка відкриється: ${when} (за вашим часом).`));
  });

  it('names the days in the user’s language when support works other than Monday to Friday', async () => {
    const hours = { ...DEFAULT_OFFICE_HOURS, days: [1, 2, 3, 4, 5, 6], from: '08:00', to: '20:00', time_zone: 'Europe/Kyiv' };
    server.use(mock.get('*/api/support/status', () => HttpResponse.json({ ...away, office_hours: hours })));
    renderApp('/ua/home', { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Чат підтримки' }));
    const day = new Intl.DateTimeFormat('uk', { weekday: 'short', timeZone: 'UTC' });
    const days = new Intl.ListFormat('uk', { style: 'narrow', type: 'unit' }).format(hours.days.map((n) => day.format(new Date(Date.UTC(2024, 0, n)))));
    await waitFor(() => expect(screen.getByTestId('support-status').textContent).toContain(`${days}, 08:00–20:00 (Europe/Kyiv).`));
    expect(days).toContain('сб');
  });

  it('shows “Seen” under the last of the client’s messages staff have read', async () => {
    renderApp('/en/home', { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Support chat' }));
    const first = (await screen.findByText('Where is my deposit?')).closest('li')!;
    await waitFor(() => expect(first.textContent).toContain('Seen'));
    expect(screen.getByText('Thank you').closest('li')!.textContent).not.toContain('Seen');

    const socket = FakeEcho.instances.at(-1)!;
    await waitFor(() => expect(socket.channels.get('private-chat.3')?.subscribed).toBe(true));
    act(() => socket.channels.get('private-chat.3')!.emit(ROOM_READ_EVENT, { side: 'staff', last_read_id: 3 }));
    await waitFor(() => expect(screen.getByText('Thank you').closest('li')!.textContent).toContain('Seen'));
    expect(first.textContent).not.toContain('Seen');
  });

  it('stays online when staff come while a status asked for before is still on its way', async () => {
    // Office hours end now: the widget asks for the status again a second later.
    server.use(mock.get('*/api/support/status', () => HttpResponse.json({ ...away, availability: 'away', closes_at: new Date().toISOString() })));
    renderApp('/en/home', { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Support chat' }));
    await screen.findByTestId('support-status');
    const socket = FakeEcho.instances.at(-1)!;
    await waitFor(() => expect(socket.channels.get('support')?.subscribed).toBe(true));

    // That second answer is "away", counted before staff came, and slow to arrive.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let asked = false;
    server.use(
      mock.get('*/api/support/status', async () => {
        asked = true;
        await answered;
        return HttpResponse.json(away);
      }),
    );
    await waitFor(() => expect(asked).toBe(true));
    act(() => socket.channels.get('support')!.emit(SUPPORT_STATUS_EVENT, { ...away, online: true, availability: 'online' }));
    await waitFor(() => expect(screen.getByTestId('support-status').textContent).toBe('Support is online'));
    answer();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByTestId('support-status').textContent).toBe('Support is online');
  });

  it('shows staff online who came before the support channel was subscribed', async () => {
    // The socket connects only after the status's first answer ("away"); the `support.status`
    // saying staff came went out before this tab listened.
    let status = away;
    server.use(mock.get('*/api/support/status', () => HttpResponse.json(status)));
    const connect = holdNextSocket(server);
    renderApp('/en/home', { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Support chat' }));
    await waitFor(() => expect(screen.getByTestId('support-status').textContent).toContain('Office hours'));
    status = { ...away, online: true, availability: 'online' };
    connect();
    await waitFor(() => expect(screen.getByTestId('support-status').textContent).toBe('Support is online'));
  });
});
