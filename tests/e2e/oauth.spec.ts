import { expect, type Page, test } from '@playwright/test';
import { CLIENT, createClient, expectNoAxeViolations, signIn, uniqueEmail } from './support';

/** The loopback OpenID Connect provider that tests/e2e/server.ts starts (OAUTH_DEMO=1). */
const PROVIDER = 'Loopback ID';
const PROVIDER_PASSWORD = 'traderoom-demo';

/** Clicks a button that opens the OAuth popup, and signs in at the provider inside it. */
async function signInInPopup(page: Page, button: ReturnType<Page['getByRole']>, email: string) {
  const opened = page.waitForEvent('popup');
  await button.click();
  const popup = await opened;
  await expect(popup.getByRole('heading', { name: PROVIDER })).toBeVisible();
  await popup.getByLabel('E-mail').fill(email);
  await popup.getByLabel('Password').fill(PROVIDER_PASSWORD);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
}

test('a newcomer signs in with the OpenID Connect provider in a popup and lands in the client area', async ({ page }) => {
  const email = uniqueEmail('grace.hopper');
  await page.goto('/en/login');
  await signInInPopup(page, page.getByRole('button', { name: `Continue with ${PROVIDER}` }), email);

  await expect(page).toHaveURL(/\/en\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Grace');

  await page.goto('/en/settings/verification');
  const emailSection = page.getByRole('region', { name: 'E-mail address' });
  await expect(emailSection).toContainText(email);
  await expect(emailSection).toContainText('Verified on');

  await page.goto('/en/settings/profile');
  await expect(page.getByText(`Connected as ${email}`)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an e-mail that already has a password account is not linked: the person is told how to connect it', async ({ page }) => {
  await page.goto('/en/register');
  await signInInPopup(page, page.getByRole('button', { name: `Continue with ${PROVIDER}` }), CLIENT);

  await expect(page.getByRole('alert')).toContainText(
    `An account with the e-mail address of your ${PROVIDER} account already exists. Sign in with your password, then connect ${PROVIDER} in Settings → Profile.`,
  );
  await expect(page).toHaveURL(/\/en\/register$/);
  await expectNoAxeViolations(page);
});

test('a client connects the provider in settings, then signs in with it', async ({ page, request }) => {
  const client = await createClient(request, 'linker');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/settings/profile');
  await expect(page.getByText('Not connected')).toBeVisible();

  await signInInPopup(page, page.getByRole('button', { name: `Connect ${PROVIDER}` }), client.email);
  await expect(page.getByRole('status')).toContainText(`${PROVIDER} is now connected.`);
  await expect(page.getByText(`Connected as ${client.email}`)).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en\/login$/);
  // The provider still knows this browser: the popup comes straight back.
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
  await opened;
  await expect(page).toHaveURL(/\/en\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(client.firstName);
});
