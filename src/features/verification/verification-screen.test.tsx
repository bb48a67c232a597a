import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { VerificationOverview } from '../../../contract/verification';
import { mockServer } from '../../test/msw';
import { renderApp } from '../../test/render-app';
import { testUser } from '../../test/users';

const unverified = testUser({ id: 5, first_name: 'Iryna', second_name: 'Bondar', email: 'iryna@example.com', email_verified_at: null });

const overview: VerificationOverview = {
  verified: false,
  documents: [
    {
      kind: 'identity',
      status: 'rejected',
      document: {
        id: 3,
        kind: 'identity',
        status: 'rejected',
        file_name: 'passport.png',
        mime_type: 'image/png',
        size: 1000,
        submitted_at: '2026-01-02T00:00:00.000Z',
        reviewed_at: '2026-01-03T00:00:00.000Z',
        rejection_reason: 'The corners are cut off.',
        state: 'rejected',
        expected_at: null,
      },
    },
    { kind: 'address', status: 'not_submitted', document: null },
  ],
};

const resent: unknown[] = [];
mockServer(
  mock.get('*/api/user', () => HttpResponse.json(unverified)),
  mock.get('*/api/verification', () => HttpResponse.json(overview)),
  mock.post('*/api/email/resend', async ({ request }) => {
    resent.push(await request.json());
    return resent.length === 1
      ? HttpResponse.json({ status: 'We have emailed your verification link.' })
      : HttpResponse.json({ message: 'Too Many Attempts.' }, { status: 429, headers: { 'retry-after': '42' } });
  }),
);

function renderVerification() {
  renderApp('/en/settings/verification', { signedIn: true });
}

describe('the verification settings screen', { timeout: 60_000 }, () => {
  it('asks the server for a new link for the signed-in address, and shows the throttle refusal', async () => {
    renderVerification();
    const section = await screen.findByRole('region', { name: 'E-mail address' });
    expect(within(section).getByText('Not verified')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Send a new link' }));
    expect(await within(section).findByText('We have emailed your verification link.')).toBeTruthy();
    expect(resent).toEqual([{ email: 'iryna@example.com' }]);

    await user.click(within(section).getByRole('button', { name: 'Send a new link' }));
    expect(await within(section).findByText('Too many requests. Try again in 42 seconds.')).toBeTruthy();
  });

  it('shows each document kind with its state and the reviewer\u2019s reason, with an upload where one is due', async () => {
    renderVerification();
    const identity = await screen.findByRole('listitem', { name: 'Identity document' });
    expect(within(identity).getByText('Rejected')).toBeTruthy();
    expect(within(identity).getByText(/The corners are cut off\./)).toBeTruthy();
    expect(within(identity).getByLabelText('New file for: Identity document')).toBeTruthy();
    const address = screen.getByRole('listitem', { name: 'Proof of address' });
    expect(within(address).getByText('Not submitted')).toBeTruthy();
    expect(within(address).getByLabelText('File for: Proof of address')).toBeTruthy();
  });

  it('refuses a file over 10 MB before sending it', async () => {
    renderVerification();
    const address = await screen.findByRole('listitem', { name: 'Proof of address' });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.pdf', { type: 'application/pdf' });
    const user = userEvent.setup();
    await user.upload(within(address).getByLabelText('File for: Proof of address'), big);
    await user.click(within(address).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(within(address).getByRole('alert').textContent).toBe('The file must not be larger than 10 MB.'));
  });
});
