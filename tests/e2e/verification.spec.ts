import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, createClient, expectNoAxeViolations, signIn } from './support';

/** A real 1×1 PNG, so the admin's preview has an image to show. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const identityRow = (page: Page) => page.getByRole('listitem', { name: 'Identity document' });
const addressRow = (page: Page) => page.getByRole('listitem', { name: 'Proof of address' });

async function asAdmin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/administration/verifications');
  return { page, close: () => context.close() };
}

test('a client sends documents, staff reject one with a reason and approve the other, and the client sees both', async ({ page, request, browser }) => {
  const client = await createClient(request, 'kyc');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/settings/verification');

  await expect(identityRow(page)).toContainText('Not submitted');
  await identityRow(page).getByLabel('File for: Identity document').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
  await identityRow(page).getByRole('button', { name: 'Upload' }).click();
  await expect(identityRow(page)).toContainText('Pending review');
  await expect(identityRow(page)).toContainText('passport.png');

  await addressRow(page).getByLabel('File for: Proof of address').setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: PDF });
  await addressRow(page).getByRole('button', { name: 'Upload' }).click();
  await expect(addressRow(page)).toContainText('Pending review');
  await expectNoAxeViolations(page);

  const admin = await asAdmin(browser);
  const identity = admin.page.getByRole('listitem').filter({ hasText: client.email }).filter({ hasText: 'Identity document' });
  const address = admin.page.getByRole('listitem').filter({ hasText: client.email }).filter({ hasText: 'Proof of address' });
  await expect(identity).toContainText('passport.png');
  await identity.getByRole('button', { name: 'Preview' }).click();
  await expect(identity.getByRole('img', { name: /passport\.png/ })).toBeVisible();
  await expectNoAxeViolations(admin.page);

  await identity.getByRole('button', { name: 'Reject…' }).click();
  await identity.getByRole('button', { name: 'Reject document' }).click();
  await expect(identity.getByText('The reason field is required.')).toBeVisible();
  await identity.getByLabel('Reason, shown to the client').fill('The photo is blurred; please send a sharper one.');
  await identity.getByRole('button', { name: 'Reject document' }).click();
  await expect(identity).toHaveCount(0);
  const download = admin.page.waitForEvent('download');
  await address.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('bill.pdf');
  await address.getByRole('button', { name: 'Approve' }).click();
  await expect(address).toHaveCount(0);

  await admin.page.getByLabel('Show').selectOption('rejected');
  await expect(admin.page.getByRole('listitem').filter({ hasText: client.email })).toContainText('The photo is blurred');
  await admin.close();

  await page.reload();
  await expect(identityRow(page)).toContainText('Rejected');
  await expect(identityRow(page)).toContainText('The photo is blurred; please send a sharper one.');
  await expect(addressRow(page)).toContainText('Approved');

  await identityRow(page).getByLabel('New file for: Identity document').setInputFiles({ name: 'passport-2.png', mimeType: 'image/png', buffer: PNG });
  await identityRow(page).getByRole('button', { name: 'Upload' }).click();
  await expect(identityRow(page)).toContainText('Pending review');
});

test('a file of another type named like an image is refused by the server, under the field', async ({ page, request }) => {
  const client = await createClient(request, 'kyc-bad');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/settings/verification');
  const input = identityRow(page).getByLabel('File for: Identity document');
  await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('<html>not an image</html>') });
  await identityRow(page).getByRole('button', { name: 'Upload' }).click();
  await expect(identityRow(page).getByRole('alert')).toHaveText('The file must be a PNG or JPEG image or a PDF document.');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(identityRow(page)).toContainText('Not submitted');
});

test('a client cannot open the verification queue', async ({ page, request }) => {
  const client = await createClient(request, 'kyc-nosy');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/administration/verifications');
  await expect(page).toHaveURL(/\/en\/home$/);
});
