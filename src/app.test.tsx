import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { HistoryPage } from '../contract/trading';
import type { PlatformInfo } from '../contract/platform';
import type { User } from '../contract/user';
import { answerAlert } from './lib/alerts';
import { emptyHomeHandlers, mockServer, noOAuthProviders } from './test/msw';
import { renderApp as renderAt } from './test/render-app';
import { testAccount } from './test/trading-fixtures';
import { testUser } from './test/users';

const client = testUser();

const server = mockServer(
  mock.post('*/api/login', async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string };
    if (body.password !== 'right') {
      return HttpResponse.json(
        { message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } },
        { status: 422 },
      );
    }
    return HttpResponse.json({ token: 'tok', token_type: 'bearer', expires_in: 7200 });
  }),
  mock.get('*/api/user', ({ request }) =>
    request.headers.get('authorization') === 'Bearer tok'
      ? HttpResponse.json(client)
      : HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
  ),
  mock.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
  noOAuthProviders,
  ...emptyHomeHandlers,
  // The wallet, where a test checks whose accounts show: the platform, no payment methods; the
  // history (a home shortcut may preload it; a test ends on it) with its service requests.
  mock.get('*/api/platform', () =>
    HttpResponse.json<PlatformInfo>({ name: 'Embedded', simulated: true, instruments: [], quotes: [], margin_call_level: 100, stop_out_level: 50 }),
  ),
  mock.get('*/api/payment-methods', () => HttpResponse.json([])),
  mock.get('*/api/service-requests', () => HttpResponse.json([])),
  mock.get('*/api/history', () =>
    HttpResponse.json<HistoryPage>({ data: [], meta: { current_page: 1, per_page: 50, total: 0, last_page: 1 }, cursors: { previous: null, next: null } }),
  ),
);

describe('the app in a browser', { timeout: 60_000 }, () => {
  it('signs a client in and shows the client area, then signs out to the login screen', async () => {
    const { router } = renderAt('/en/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'client@traderoom.test');
    await user.type(screen.getByLabelText('Password'), 'right');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/home'));
    expect(await screen.findByRole('heading', { level: 1, name: /Olena/ })).toBeTruthy();

    await user.click(screen.getAllByRole('button', { name: 'Sign out' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(document.cookie).not.toContain('token=');
  });

  it('shows the next person who signs in on the tab only their own accounts, never the last one’s', async () => {
    const second = testUser({ id: 9, first_name: 'Taras', email: 'taras@example.com' });
    server.use(
      mock.post('*/api/login', async ({ request }) => {
        const body = (await request.json()) as { email: string };
        return HttpResponse.json({ token: body.email === second.email ? 'tok2' : 'tok', token_type: 'bearer', expires_in: 7200 });
      }),
      mock.get('*/api/user', ({ request }) => HttpResponse.json(request.headers.get('authorization') === 'Bearer tok2' ? second : client)),
      mock.get('*/api/trading-account', ({ request }) =>
        HttpResponse.json([testAccount(request.headers.get('authorization') === 'Bearer tok2' ? { id: 8, number: '40099999' } : { number: '40012345' })]),
      ),
    );
    const { router } = renderAt('/en/login');
    const user = userEvent.setup();
    const signIn = async (email: string) => {
      await user.type(await screen.findByLabelText('E-mail'), email);
      await user.type(screen.getByLabelText('Password'), 'right');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/en/home'));
    };
    await signIn(client.email);
    await act(() => router.navigate({ to: '/$lang/wallet', params: { lang: 'en' } }));
    expect(await screen.findAllByText(/40012345/)).not.toHaveLength(0);
    await user.click(screen.getAllByRole('button', { name: 'Sign out' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));

    await signIn(second.email);
    await act(() => router.navigate({ to: '/$lang/wallet', params: { lang: 'en' } }));
    expect(await screen.findAllByText(/40099999/)).not.toHaveLength(0);
    expect(screen.queryAllByText(/40012345/)).toHaveLength(0);
  });

  it('sends a user holding no role, as the server answers one, from a role-guarded screen to unauthorized', async () => {
    server.use(mock.get('*/api/user', () => HttpResponse.json({ ...client, roles: [], role: '' } satisfies User)));
    document.cookie = 'token=tok; path=/';
    const { router } = renderAt('/en/wallet');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/unauthorized'));
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
  });

  it('shows the server refusal under the e-mail and keeps the typed e-mail', async () => {
    renderAt('/en/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'client@traderoom.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('client@traderoom.test');
  });

  it('keeps the language just chosen when a link still in the one left is preloaded', async () => {
    const { router, runtime } = renderAt('/ru/history', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'История' })).toBeTruthy();
    // A pointer resting on a link of the English screen being left (the router preloads on intent).
    await act(() => router.preloadRoute({ to: '/$lang/wallet', params: { lang: 'en' } }));
    expect(runtime.locale.getSnapshot().context.locale).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(screen.getByRole('heading', { level: 1, name: 'История' })).toBeTruthy();
  });

  it('sends a visitor of a protected page to login, then back to that page after signing in', async () => {
    const { router } = renderAt('/en/history');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'client@traderoom.test');
    await user.type(screen.getByLabelText('Password'), 'right');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/history'));
    expect(await screen.findByRole('heading', { level: 1, name: 'History' })).toBeTruthy();
  });

  it('after a 401 on a call, warns that the session expired once, then signs out to login', async () => {
    document.cookie = 'token=tok; path=/';
    const { runtime, router } = renderAt('/en/home');
    expect(await screen.findByRole('heading', { level: 1, name: /Olena/ })).toBeTruthy();
    act(() => {
      runtime.session.send({ type: 'session.unauthorized' });
      runtime.session.send({ type: 'session.unauthorized' });
    });
    expect(await screen.findByText('Session expired')).toBeTruthy();
    expect(screen.getAllByText('Session expired')).toHaveLength(1);
    act(() => answerAlert('confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(document.cookie).not.toContain('token=');
  });
});
