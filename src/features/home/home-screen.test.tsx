import { screen, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../../contract/user';
import { emptyHomeHandlers, mockServer } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { asAdmin, testUser } from '../../test/users';

const client = testUser({ first_name: 'Daniel', second_name: 'Carter', email_verified_at: '2025-07-01T10:00:00.000Z', created_at: '2025-07-01T10:00:00.000Z' });
const admin = asAdmin(client, { first_name: 'Alexandra', email: 'admin@traderoom.test' });
let user = client;

mockServer(mock.get('*/api/user', () => HttpResponse.json(user)), ...emptyHomeHandlers);
afterEach(() => {
  user = client;
});

async function renderHome(as: User) {
  user = as;
  renderApp('/en/home', { signedIn: true });
  return within(await screen.findByRole('main'));
}

describe('home', () => {
  it('shows a client the day they registered, no role card, and their personal manager', async () => {
    const main = await renderHome(client);
    expect(await main.findByText('With us since July 1, 2025.')).toBeTruthy();
    expect(main.getByRole('region', { name: 'Overview' }).textContent).not.toContain('Role');
    expect(screen.getAllByText('Your personal manager').length).toBeGreaterThan(0);
  });

  it('shows staff their role and no personal manager', async () => {
    const main = await renderHome(admin);
    expect(await main.findByText('Administrator')).toBeTruthy();
    expect(screen.queryByText('Your personal manager')).toBeNull();
  });
});
