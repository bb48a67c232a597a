import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, noOAuthProviders } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { testUser } from '../../test/users';

// The cards below the form load their lists while the person is already typing into it.
let releaseLists: () => void = () => undefined;
const listsHeld = new Promise<void>((done) => (releaseLists = done));
const saves: unknown[] = [];
const asked: string[] = [];

mockServer(
  mock.get('*/api/user', () => HttpResponse.json(testUser({ id: 5 }))),
  noOAuthProviders,
  mock.get('*/api/oauth/identities', async () => {
    asked.push('identities');
    await listsHeld;
    return HttpResponse.json([]);
  }),
  mock.get('*/api/settings/sessions', async () => {
    asked.push('sessions');
    await listsHeld;
    return HttpResponse.json([]);
  }),
  mock.patch('*/api/settings/profile', async ({ request }) => {
    saves.push(await request.json());
    return HttpResponse.json(testUser({ id: 5 }));
  }),
);

describe('Settings → Profile', { timeout: 30_000 }, () => {
  it('stays on screen while the cards below load, so what is typed into the form is kept and sent', async () => {
    const { runtime } = renderApp('/en/settings/profile', { signedIn: true });
    const email = await screen.findByLabelText<HTMLInputElement>('E-mail');
    await waitFor(() => expect(asked.sort()).toEqual(['identities', 'sessions']));
    // Those lists counted for the page loader, which hid the whole page 200 ms later until they
    // arrived: a browser drops the keystrokes meant for a hidden field.
    expect(runtime.loader.getSnapshot().context.count).toBe(0);
    expect(email.closest('[hidden]')).toBeNull();
    fireEvent.change(email, { target: { value: 'moved@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saves).toEqual([expect.objectContaining({ email: 'moved@example.com' })]));
    releaseLists();
  });
});
