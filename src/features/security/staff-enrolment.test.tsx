import { screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SecurityStatus } from '../../../contract/security';
import { mockServer } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { asAdmin, testUser } from '../../test/users';

const withoutFactor: SecurityStatus = { totp: false, recovery_codes_left: 0, passkeys: [], methods: ['password'], required: true, withdrawals_held_until: null };
const withTotp: SecurityStatus = { ...withoutFactor, totp: true, recovery_codes_left: 10, methods: ['totp', 'recovery'] };
let status = withoutFactor;

mockServer(
  mock.get('*/api/user', () => HttpResponse.json(asAdmin(testUser()))),
  mock.get('*/api/security', () => HttpResponse.json(status)),
  mock.get('*/api/security/activity', () => HttpResponse.json({ data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } })),
  mock.get('*/api/admin/audit', () => HttpResponse.json({ data: [], meta: { current_page: 1, per_page: 25, total: 0, last_page: 1 }, actions: [], object_types: [] })),
);

describe('staff without a second factor', { timeout: 30_000 }, () => {
  it('are sent from the administration to Settings → Security, which says why', async () => {
    status = withoutFactor;
    const { router } = renderApp('/en/administration/audit', { signedIn: true });
    expect(await screen.findByText(/Staff need a second factor before the administration opens/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/settings/security');
  });

  it('reach the administration once they have one', async () => {
    status = withTotp;
    const { router } = renderApp('/en/administration/audit', { signedIn: true });
    expect(await screen.findByText('No staff actions yet')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/administration/audit');
    expect(screen.queryByText(/Staff need a second factor/)).toBeNull();
  });
});
