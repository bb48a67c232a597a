import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_CREATED_EVENT, type Notification, type NotificationCreated } from '../../../contract/notifications';
import { queryClient } from '../../data/query-client';
import { emptyHomeHandlers, mockServer } from '../../test/msw';
import { FakeEcho } from '../../test/fake-echo';
import { renderApp } from '../../test/render-app';
import { testUser } from '../../test/users';

vi.mock('laravel-echo', () => ({ default: FakeEcho }));
vi.mock('pusher-js', () => ({ default: class {} }));

const rejected: Notification = {
  id: 1,
  event: 'document.rejected',
  payload: { document_id: 4, kind: 'identity', reason: 'The photo is blurred.' },
  link: '/settings/verification',
  read_at: null,
  created_at: '2026-11-24T10:00:00.000Z',
};
const deposit: Notification = {
  id: 2,
  event: 'money_request.rejected',
  payload: { entry_id: 9, kind: 'deposit', amount: 25_000, currency: 'USD', precision: 2, account_number: '40012345', reason: 'Card holder differs' },
  link: '/history',
  read_at: null,
  created_at: '2026-11-24T11:00:00.000Z',
};

/** The server's notifications, as the handlers answer them. */
let stored: Notification[] = [];
const unread = () => stored.filter((n) => n.read_at === null).length;
const page = () => ({ data: [...stored].reverse(), meta: { current_page: 1, per_page: 20, total: stored.length, last_page: 1, unread: unread() } });

const server = mockServer(
  mock.get('*/api/user', () => HttpResponse.json(testUser())),
  mock.get('*/api/realtime', () => HttpResponse.json({ key: 'app-key', host: null, port: null, force_tls: false })),
  mock.get('*/api/notifications', () => HttpResponse.json(page())),
  mock.get('*/api/notifications/unread-count', () => HttpResponse.json({ unread: unread() })),
  mock.post('*/api/notifications/read-all', () => {
    stored = stored.map((n) => ({ ...n, read_at: n.read_at ?? '2026-11-24T12:00:00.000Z' }));
    return HttpResponse.json({ unread: 0 });
  }),
  ...emptyHomeHandlers.filter((handler) => !handler.info.header.includes('unread-count')),
);

describe('the notification bell', { timeout: 30_000 }, () => {
  it('shows the unread count on load, takes a new one live, lists it and marks all read', async () => {
    stored = [rejected];
    renderApp('/en/home', { signedIn: true });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    // Staff reject a deposit: the server stores it and publishes it on the user's own channel.
    await waitFor(() => expect(FakeEcho.instances.at(-1)?.connector.pusher.user.listeners(NOTIFICATION_CREATED_EVENT)).toBe(1));
    stored = [rejected, deposit];
    const created: NotificationCreated = { notification: deposit, unread: 2 };
    act(() => FakeEcho.instances.at(-1)!.connector.pusher.user.emit(NOTIFICATION_CREATED_EVENT, created));
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notifications, 2 unread'));

    await userEvent.click(bell);
    const panel = within(await screen.findByRole('region', { name: 'Notifications' }));
    const newest = await panel.findByRole('link', { name: /Deposit of \$250\.00 rejected/ });
    expect(newest.getAttribute('href')).toBe('/en/history');
    expect(newest.textContent).toContain('Reason: Card holder differs');
    expect(panel.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Deposit of $250.00 rejected'),
      expect.stringContaining('Identity document rejected'),
    ]);

    await userEvent.click(panel.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notifications'));
    await waitFor(() => expect(panel.queryByRole('button', { name: 'Mark as read' })).toBeNull());
    expect((panel.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    ['Traderoom’s hub', { event: 'pusher:signin_success', data: { user_data: '{"id":"1"}' } }],
    ['Pusher', { event: 'pusher_internal:subscription_succeeded', channel: '#server-to-user-1', data: {} }],
  ])('counts a notification made while the socket was still signing in, once %s confirms the user’s events', async (_server, confirmation) => {
    stored = [];
    renderApp('/en/home', { signedIn: true });
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(FakeEcho.instances.at(-1)?.connector.pusher.user.listeners(NOTIFICATION_CREATED_EVENT)).toBe(1));
    const { connection } = FakeEcho.instances.at(-1)!.connector.pusher;

    // Connected, not yet signed in: the export the client asked for is ready, and its event goes nowhere.
    act(() => connection.emit('state_change', { previous: 'connecting', current: 'connected' }));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    stored = [rejected];
    // The server confirms the socket gets the user's events: from here on they arrive.
    act(() => connection.emit('message', confirmation));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it('keeps a notification’s count when a count asked for before it answers after it', async () => {
    stored = [];
    renderApp('/en/home', { signedIn: true });
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(FakeEcho.instances.at(-1)?.connector.pusher.user.listeners(NOTIFICATION_CREATED_EVENT)).toBe(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    // The server counts 0 now, but its answer is slow to arrive.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let asked = 0;
    server.use(
      mock.get('*/api/notifications/unread-count', async () => {
        asked += 1;
        const counted = unread();
        await answered;
        return HttpResponse.json({ unread: counted });
      }),
    );
    const { connection } = FakeEcho.instances.at(-1)!.connector.pusher;
    act(() => connection.emit('message', { event: 'pusher:signin_success', data: { user_data: '{"id":"1"}' } }));
    await waitFor(() => expect(asked).toBe(1));

    // Meanwhile the export is ready: stored, and its event arrives first.
    stored = [rejected];
    act(() => FakeEcho.instances.at(-1)!.connector.pusher.user.emit(NOTIFICATION_CREATED_EVENT, { notification: rejected, unread: 1 } satisfies NotificationCreated));
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    answer();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
  });
});
