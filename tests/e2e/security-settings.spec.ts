import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { createClient, expectNoAxeViolations, signIn } from './support';

const codeAt = (secret: string, at: number) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: at });

test('a client turns the authenticator on in Settings → Security, sees the recovery codes once, and signs in with a code', async ({ page, request }) => {
  const client = await createClient(request, 'enrol');
  await signIn(page, client.email, client.password);
  await page.waitForURL(/\/en\/home$/);

  await page.goto('/en/settings/security');
  const app = page.getByRole('region', { name: 'Authenticator app' });
  await app.getByRole('button', { name: 'Set up the authenticator app' }).click();
  const enrolment = app.getByRole('form', { name: 'Set up the authenticator app' });
  await expect(enrolment.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectNoAxeViolations(page);
  // The key as the person would type it into the app: grouped by four, spaces left out.
  const secret = ((await enrolment.getByLabel('Key for your authenticator app').textContent()) ?? '').replace(/\s/g, '');
  const enrolledAt = Date.now();
  await enrolment.getByLabel('Code from the app').fill(codeAt(secret, enrolledAt));
  await enrolment.getByRole('button', { name: 'Turn on' }).click();

  const codes = app.getByRole('region', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expectNoAxeViolations(page);
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(codes).toBeHidden();
  await expect(app.getByText('10 of 10 recovery codes left')).toBeVisible();
  // Shown once: a reload has the count, never the codes.
  await page.reload();
  await expect(app.getByText('10 of 10 recovery codes left')).toBeVisible();
  await expect(app.getByRole('region', { name: 'Recovery codes' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, client.email, client.password);
  const step = page.getByRole('form', { name: 'Two-factor authentication' });
  // The enrolment's code was spent; the next step's code (the app's next one) signs in.
  await step.getByLabel('Authentication code').fill(codeAt(secret, enrolledAt + 30_000));
  await step.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/en\/home$/);
});

test.describe('passkeys', () => {
  // Browsers refuse an IP address as a passkey's RP id: the server serves its loopback APP_URL
  // (127.0.0.1) as `localhost` (server/services/passkeys.ts, relyingParty), so these pages open there.
  test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 8123}` });

  /** Chromium's virtual authenticator (DevTools protocol): a platform passkey with user verification. */
  async function virtualAuthenticator(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
  }

  test('a client registers a passkey, signs in with it alone, and confirms its removal with it', async ({ page, playwright }) => {
    // The API calls go to the address the server listens on (Node may resolve localhost to ::1).
    const api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 8123}` });
    const client = await createClient(api, 'passkey');
    await api.dispose();
    await virtualAuthenticator(page);
    await signIn(page, client.email, client.password);
    await page.waitForURL(/\/en\/home$/);

    await page.goto('/en/settings/security');
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
    await passkeys.getByLabel('Name of the new passkey').fill('Work laptop');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkeys.getByText('Passkey “Work laptop” added.')).toBeVisible();
    const list = passkeys.getByRole('list', { name: 'Your passkeys' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText(/not used yet/)).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.goto('/en/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(/\/en\/home$/);

    await page.goto('/en/settings/security');
    await expect(list.getByText(/last used/)).toBeVisible();
    // Removing a passkey asks the second factor again; the passkey itself is one.
    await list.getByRole('button', { name: 'Remove Work laptop' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(stepUp).toBeHidden();
    await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
  });
});
