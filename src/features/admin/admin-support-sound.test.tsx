import { fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SecurityStatus } from '../../../contract/security';
import type { AgentAlerts, SupportStatus } from '../../../contract/support';
import { FakeEcho } from '../../test/fake-echo';
import { mockServer } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { asAdmin, testUser } from '../../test/users';

vi.mock('laravel-echo', () => ({ default: FakeEcho }));
vi.mock('pusher-js', () => ({ default: class {} }));

const status: SupportStatus = {
  online: true,
  availability: 'online',
  closes_at: null,
  opens_at: null,
  office_hours: {
    days: [1, 2, 3, 4, 5],
    from: '09:00',
    to: '18:00',
    time_zone: 'Europe/London',
    away_message: { en: 'Back soon.', ru: 'Скоро вернёмся.', ua: 'Скоро повернемося.' },
  },
};
let answer: 'save' | 'fail' = 'save';
let release: () => void = () => undefined;
const saves: AgentAlerts[] = [];

mockServer(
  mock.get('*/api/user', () => HttpResponse.json(asAdmin(testUser()))),
  mock.get('*/api/realtime', () => HttpResponse.json({ key: 'app-key', host: null, port: null, force_tls: false })),
  // Staff with a second factor: the administration opens.
  mock.get('*/api/security', () =>
    HttpResponse.json({ totp: true, recovery_codes_left: 10, passkeys: [], methods: ['totp', 'recovery'], required: true, withdrawals_held_until: null } satisfies SecurityStatus),
  ),
  mock.get('*/api/support/status', () => HttpResponse.json(status)),
  mock.get('*/api/admin/support/alerts', () => HttpResponse.json({ sound: false } satisfies AgentAlerts)),
  mock.put('*/api/admin/support/alerts', async ({ request }) => {
    const body = (await request.json()) as AgentAlerts;
    saves.push(body);
    // The answer waits for the test, so what shows meanwhile is what the agent switched.
    await new Promise<void>((done) => (release = done));
    await delay(0);
    if (answer === 'fail') return HttpResponse.json({ message: 'Server error' }, { status: 503 });
    return HttpResponse.json(body);
  }),
);
afterEach(() => {
  answer = 'save';
  saves.length = 0;
});

const SOUND = 'Play a sound when a client writes while I am not looking';

describe('administration: the agent’s alert sound', { timeout: 30_000 }, () => {
  it('shows each switch in the same task as the click, and sends each once', async () => {
    renderApp('/en/administration/support', { signedIn: true });
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: SOUND });
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    await waitFor(() => expect(saves).toEqual([{ sound: true }]));
    release();
    // Switched back before the first answer reached the screen: the second switch holds.
    fireEvent.click(screen.getByRole<HTMLInputElement>('checkbox', { name: SOUND }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: SOUND }).checked).toBe(false);
    await waitFor(() => expect(saves).toEqual([{ sound: true }, { sound: false }]));
    release();
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('checkbox', { name: SOUND }).checked).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the box back and says so when the save fails', async () => {
    answer = 'fail';
    renderApp('/en/administration/support', { signedIn: true });
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: SOUND });
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    await waitFor(() => expect(saves).toHaveLength(1));
    release();
    expect((await screen.findByRole('alert')).textContent).toBe('The setting was not saved. Try again.');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: SOUND }).checked).toBe(false);
  });
});
