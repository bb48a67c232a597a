import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationPreference } from '../../../contract/notifications';
import { notificationKeys } from './api/fetch-notifications';
import { queryClient } from '../../data/query-client';
import { mockServer } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { testUser } from '../../test/users';

const held: NotificationPreference[] = [
  { event: 'document.rejected', in_app: true, email: true, email_locked: false },
  { event: 'security.password_changed', in_app: true, email: true, email_locked: true },
];
let answer: 'save' | 'fail' = 'save';
let release: () => void = () => undefined;
const saves: unknown[] = [];
/** When set, the next reads of the settings wait for it, and answer with what was held before. */
let readsHeld: Promise<void> | null = null;
let reads = 0;

mockServer(
  mock.get('*/api/user', () => HttpResponse.json(testUser({ id: 5 }))),
  mock.get('*/api/settings/notifications', async () => {
    reads += 1;
    const before = structuredClone(held);
    if (readsHeld) await readsHeld;
    return HttpResponse.json(before);
  }),
  mock.put('*/api/settings/notifications', async ({ request }) => {
    const body = (await request.json()) as { preferences: Array<Omit<NotificationPreference, 'email_locked'>> };
    saves.push(body);
    // The answer waits for the test, so what shows meanwhile is what the person switched.
    await new Promise<void>((done) => (release = done));
    await delay(0);
    if (answer === 'fail') return HttpResponse.json({ message: 'Server error' }, { status: 503 });
    const [change] = body.preferences;
    return HttpResponse.json(held.map((p) => (p.event === change!.event ? { ...p, ...change } : p)));
  }),
);
afterEach(() => {
  answer = 'save';
  saves.length = 0;
  readsHeld = null;
  reads = 0;
});

describe('Settings → Notifications', { timeout: 30_000 }, () => {
  it('shows a switched box at once, keeps it when saved, and sends only that event', async () => {
    renderApp('/en/settings/notifications', { signedIn: true });
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Document rejected: by e-mail' });
    // One click, and the box as it is right after it (in the same task: no wait in between).
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    await waitFor(() => expect(saves).toEqual([{ preferences: [{ event: 'document.rejected', in_app: true, email: false }] }]));
    release();
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Document rejected: by e-mail' }).checked).toBe(false);
  });

  it('puts the box back and says so when the save fails', async () => {
    answer = 'fail';
    renderApp('/en/settings/notifications', { signedIn: true });
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Document rejected: by e-mail' });
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    await waitFor(() => expect(saves).toHaveLength(1));
    release();
    expect(await screen.findByText('Not saved. Please try again.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Document rejected: by e-mail' }).checked).toBe(true));
  });

  it('keeps a saved switch when a read asked for before its save answers after it', async () => {
    answer = 'fail';
    renderApp('/en/settings/notifications', { signedIn: true });
    const rejected = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Document rejected: by e-mail' });
    let releaseReads: () => void = () => undefined;
    readsHeld = new Promise<void>((done) => (releaseReads = done));
    const readsBefore = reads;
    // One switch fails: the screen reads the settings again, and that read is slow.
    fireEvent.click(rejected);
    await waitFor(() => expect(saves).toHaveLength(1));
    release();
    expect(await screen.findByText('Not saved. Please try again.')).toBeTruthy();
    await waitFor(() => expect(reads).toBe(readsBefore + 1));
    // Meanwhile the person switches another event off in the app, and that is saved.
    answer = 'save';
    const [, security] = screen.getAllByRole<HTMLInputElement>('checkbox', { name: /: in the app$/ });
    fireEvent.click(security!);
    await waitFor(() => expect(saves).toHaveLength(2));
    release();
    expect(await screen.findByText('Saved.')).toBeTruthy();
    // The read asked for before that save answers now, with the settings as they were before it.
    await act(async () => {
      releaseReads();
      await waitFor(() => expect(queryClient.isFetching({ queryKey: notificationKeys.preferences })).toBe(0));
      // What the query's watchers are told goes out on the next turn (TanStack's notifyManager).
      await new Promise((turn) => setTimeout(turn, 0));
    });
    const [, securityNow] = screen.getAllByRole<HTMLInputElement>('checkbox', { name: /: in the app$/ });
    expect(securityNow!.checked).toBe(false);
    // The switch that failed shows what the server holds.
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Document rejected: by e-mail' }).checked).toBe(true);
    expect(screen.getByText('Saved.')).toBeTruthy();
  });
});
