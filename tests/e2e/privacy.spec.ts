import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { createClient, expectNoAxeViolations, receivedMail, signIn } from './support';

test('a client asks for an export of their data, is told when it is ready, and downloads a ZIP of JSON files', async ({ page, request }) => {
  const client = await createClient(request, 'export');
  await signIn(page, client.email, client.password);
  await page.waitForURL(/\/en\/home$/);

  await page.goto('/en/settings/privacy');
  const section = page.getByRole('region', { name: 'Export my data' });
  await section.getByRole('button', { name: 'Prepare my data' }).click();
  // Prepared in the background: the screen follows it from preparing to ready.
  await expect(section.getByText('Ready', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(section.getByText(/^Ready until .+ · .+$/)).toBeVisible();
  await expectNoAxeViolations(page);
  // The bell tells of it too, and the mail arrived in the client's language.
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await receivedMail(client.email, 'Your data export is ready');

  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download ZIP' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^traderoom-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(Object.keys(zip)).toEqual(expect.arrayContaining(['profile.json', 'settings.json', 'sessions.json', 'ledger.json', 'tickets.json', 'chat.json', 'notifications.json']));
  expect(JSON.parse(strFromU8(zip['profile.json']!))).toMatchObject({ email: client.email, first_name: client.firstName });
  // One an hour: the screen says from when.
  await expect(section.getByRole('button', { name: 'Prepare my data' })).toHaveCount(0);
});

test('a client with nothing on their accounts closes the account after confirming it is them, and cannot sign in again', async ({ page, request }) => {
  const client = await createClient(request, 'closing');
  await signIn(page, client.email, client.password);
  await page.waitForURL(/\/en\/home$/);

  await page.goto('/en/settings/privacy');
  const section = page.getByRole('region', { name: 'Close my account' });
  await expect(section.getByRole('list', { name: 'What the law makes us keep, and why' })).toContainText('five years');
  const close = section.getByRole('button', { name: 'Close my account' });
  await expect(close).toBeDisabled();
  await section.getByLabel('I understand that closing my account cannot be undone.').check();
  await close.click();

  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await stepUp.getByLabel('Password').fill(client.password);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/en\/login$/);
  await receivedMail(client.email, 'Your Traderoom account is closed');

  await signIn(page, client.email, client.password);
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/login$/);
});
