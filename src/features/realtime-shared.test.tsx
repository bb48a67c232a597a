import { screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CALENDAR_CHANGED_EVENT, CALENDAR_CHANNEL } from '../../contract/realtime';
import { type CalendarEvent, DEFAULT_CALENDAR_SETTINGS } from '../../contract/calendar';
import type { User } from '../../contract/user';
import { queryClient } from '../data/query-client';
import { holdNextSocket } from '../test/held-socket';
import { mockServer } from '../test/msw';
import { renderApp } from '../test/render-app';
import { FakeEcho } from '../test/fake-echo';

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

let eventLoads = 0;
/** The day's events as the server has them now: a test changes them as staff would. */
let published: Array<Omit<CalendarEvent, 'starts_at'>> = [];
const server = mockServer(
  mock.get('*/api/user', () => HttpResponse.json(admin)),
  mock.get('*/api/realtime', () => HttpResponse.json({ key: 'app-key', host: null, port: null, force_tls: false })),
  mock.get('*/api/admin/chat/rooms', () => HttpResponse.json([])),
  mock.get('*/api/calendar/settings', () => HttpResponse.json(DEFAULT_CALENDAR_SETTINGS)),
  mock.get('*/api/calendar/events', ({ request }) => {
    eventLoads += 1;
    const url = new URL(request.url);
    const date = url.searchParams.get('date');
    const events = published.map((event) => ({ ...event, starts_at: `${date}T12:30:00.000Z` }));
    return HttpResponse.json({ from: date, to: date, time_zone: 'UTC', events });
  }),
);

describe('one realtime socket for the signed-in user', { timeout: 60_000 }, () => {
  it('staff leave the chats screen and the calendar still updates live, on the same socket', async () => {
    const { router } = renderApp('/en/administration/chats', { signedIn: true });
    expect(await screen.findByText('No conversations here.')).toBeTruthy();
    await waitFor(() => expect(FakeEcho.instances[0]?.channels.get('private-admin.chats')?.subscribed).toBe(true));
    // In the administration, the agent counts as "support online".
    await waitFor(() => expect(FakeEcho.instances[0]?.channels.get('presence-admin.chats')?.subscribed).toBe(true));
    // Signed in as the user, so the server can reach this tab and close it when the session ends.
    expect(FakeEcho.instances[0]!.connector.pusher.signins).toBe(1);

    await router.navigate({ to: '/$lang/calendar', params: { lang: 'en' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Economic calendar' })).toBeTruthy();
    const socket = FakeEcho.instances[0]!;
    await waitFor(() => expect(socket.channels.get(CALENDAR_CHANNEL)?.subscribed).toBe(true));
    // Its first load and the load again at subscription have answered.
    await waitFor(() => expect(eventLoads).toBeGreaterThan(0));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const loadsBefore = eventLoads;

    socket.channels.get(CALENDAR_CHANNEL)!.emit(CALENDAR_CHANGED_EVENT, {});
    await waitFor(() => expect(eventLoads).toBe(loadsBefore + 1));
    expect(socket.disconnected).toBe(false);
    expect(FakeEcho.instances).toHaveLength(1);
    // The staff channel was left with the screen that used it.
    expect(socket.channels.has('private-admin.chats')).toBe(false);
    // Out of the administration, the agent no longer counts as support online.
    expect(socket.channels.has('presence-admin.chats')).toBe(false);
  });

  it('shows an event staff published before the calendar’s channel was subscribed', async () => {
    // The socket connects only after the calendar's first answer; the `calendar.changed` of an
    // event published in between went out before this tab listened.
    published = [];
    const connect = holdNextSocket(server);
    renderApp('/en/calendar', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Economic calendar' })).toBeTruthy();
    await waitFor(() => expect(eventLoads).toBeGreaterThan(0));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    published = [{ id: 1, country: 'EU', currency: 'EUR', importance: 3, title: 'Euro area CPI', actual: null, forecast: '2.1%', previous: '2.0%' }];
    connect();
    expect(await screen.findByText('Euro area CPI')).toBeTruthy();
  });
});
