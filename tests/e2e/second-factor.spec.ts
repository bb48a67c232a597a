import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { createClient } from './support';

const codeAt = (secret: string, at: number) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: at });

test('a client with an authenticator signs in with a code, and steps up with a recovery code to change the e-mail', async ({ page, request }) => {
  const client = await createClient(request, 'totp');
  // Enrolment through the API (the settings screen is its own spec's matter): key, first code, recovery codes.
  const login = await request.post('/api/login', { data: { email: client.email, password: client.password } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const { secret } = (await (await request.post('/api/security/totp', { headers })).json()) as { secret: string };
  const now = Date.now();
  const confirmed = await request.post('/api/security/totp/confirm', { headers, data: { code: codeAt(secret, now) } });
  const { recovery_codes } = (await confirmed.json()) as { recovery_codes: string[] };
  expect(recovery_codes).toHaveLength(10);

  await page.goto('/en/login');
  await page.getByLabel('E-mail').fill(client.email);
  await page.getByLabel('Password').fill(client.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const step = page.getByRole('form', { name: 'Two-factor authentication' });
  await expect(step).toBeVisible();
  // The code just used for the enrolment is refused: each is good once.
  await step.getByLabel('Authentication code').fill(codeAt(secret, now));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByText('This code is not valid: it is wrong, already used or expired.')).toBeVisible();
  // The next one (phones' clocks drift, so the neighbouring step counts).
  await step.getByLabel('Authentication code').fill(codeAt(secret, now + 30_000));
  await step.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/en\/home$/);

  await page.goto('/en/settings/profile');
  const details = page.getByRole('region', { name: 'Personal details' });
  const next = `moved-${Date.now()}@example.com`;
  await details.getByLabel('E-mail').fill(next);
  await details.getByRole('button', { name: 'Save changes' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp.getByText('Enter the 6-digit code from your authenticator app to continue.')).toBeVisible();
  await stepUp.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await stepUp.getByLabel('Recovery code').fill(recovery_codes[0]!);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toBeHidden();
  await expect(details.getByText(`We sent a confirmation link to ${next}.`, { exact: false })).toBeVisible();
});
