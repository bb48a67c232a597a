import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClosureCheck, DataExportStatusAnswer } from '../../../contract/privacy';
import { mockServer } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { testUser } from '../../test/users';

let exportAnswer: DataExportStatusAnswer = { export: null, next_request_at: null };
let closure: ClosureCheck = { blockers: [] };
let asked = 0;

mockServer(
  mock.get('*/api/user', () => HttpResponse.json(testUser({ id: 5 }))),
  mock.get('*/api/privacy/export', () => HttpResponse.json(exportAnswer)),
  mock.post('*/api/privacy/export', () => {
    asked += 1;
    const preparing = { id: 1, status: 'preparing' as const, requested_at: '2030-01-15T09:00:00.000Z', ready_at: null, expires_at: null, size: null, download_url: null };
    exportAnswer = { export: preparing, next_request_at: null };
    return HttpResponse.json(preparing, { status: 202 });
  }),
  mock.get('*/api/privacy/closure', () => HttpResponse.json(closure)),
);
afterEach(() => {
  exportAnswer = { export: null, next_request_at: null };
  closure = { blockers: [] };
  asked = 0;
});

describe('Settings → Privacy', { timeout: 30_000 }, () => {
  it('asks for an export and shows it being prepared', async () => {
    renderApp('/en/settings/privacy', { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Prepare my data' }));
    expect(await screen.findByText('Preparing')).toBeTruthy();
    expect(asked).toBe(1);
  });

  it('lists what stops the closing, in the reader’s money format, and offers no close button', async () => {
    closure = {
      blockers: [
        { reason: 'balance', account_number: '10000001', currency: 'USD', precision: 2, amount: 125_050 },
        { reason: 'positions', account_number: '10000001', count: 2 },
      ],
    };
    renderApp('/en/settings/privacy', { signedIn: true });
    const list = await screen.findByRole('list', { name: 'What stops the closing' });
    expect(list.textContent).toContain('Account 10000001 holds $1,250.50: withdraw it or transfer it.');
    expect(list.textContent).toContain('Account 10000001 has open positions (2): close them.');
    expect(screen.queryByRole('button', { name: 'Close my account' })).toBeNull();
  });

  it('enables closing only once the person ticks that they understand', async () => {
    renderApp('/en/settings/privacy', { signedIn: true });
    const close = await screen.findByRole<HTMLButtonElement>('button', { name: 'Close my account' });
    expect(close.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I understand that closing my account cannot be undone.' }));
    await waitFor(() => expect(close.disabled).toBe(false));
  });
});
