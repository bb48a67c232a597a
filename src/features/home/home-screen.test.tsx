import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../app';
import type { User } from '../../../contract/user';
import { createRuntime } from '../../lib/runtime';
import { createAppRouter } from '../../router';

const client: User = {
  id: 2,
  first_name: 'Daniel',
  second_name: 'Carter',
  email: 'client@traderoom.test',
  email_verified_at: '2025-07-01T10:00:00.000Z',
  roles: ['client'],
  role: 'client',
  created_at: '2025-07-01T10:00:00.000Z',
};
const admin: User = { ...client, id: 1, first_name: 'Alexandra', email: 'admin@traderoom.test', roles: ['admin'], role: 'admin' };
let user = client;

const server = setupServer(
  mock.get('*/api/user', () => HttpResponse.json(user)),
  mock.get('*/api/trading-account', () => HttpResponse.json([])),
  mock.get('*/api/trading-account/limits', () => HttpResponse.json({ max_accounts: 5 })),
  mock.get('*/api/currencies', () => HttpResponse.json([])),
  mock.get('*/api/articles/getAll', () => HttpResponse.json([])),
  mock.post('*/api/chat/room/find', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  user = client;
});
afterAll(() => server.close());

async function renderHome(as: User) {
  user = as;
  document.cookie = 'token=tok; path=/';
  const runtime = createRuntime();
  const router = createAppRouter(runtime, createMemoryHistory({ initialEntries: ['/en/home'] }));
  render(<App runtime={runtime} router={router} />);
  return within(await screen.findByRole('main', {}, { timeout: 10_000 }));
}

describe('home', { timeout: 20_000 }, () => {
  it('shows a client the day they registered, no role card, and their personal manager', async () => {
    const main = await renderHome(client);
    expect(await main.findByText('With us since July 1, 2025.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(main.getByRole('region', { name: 'Overview' }).textContent).not.toContain('Role');
    expect(screen.getAllByText('Your personal manager').length).toBeGreaterThan(0);
  });

  it('shows staff their role and no personal manager', async () => {
    const main = await renderHome(admin);
    expect(await main.findByText('Administrator', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Your personal manager')).toBeNull();
  });
});
