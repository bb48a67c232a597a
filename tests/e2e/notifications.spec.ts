import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, createClient, expectNoAxeViolations, holdRequests, holdSession, linkTo, receivedMail, signIn } from './support';

async function asAdmin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/en\/home$/);
  return { context, page };
}

/** A fresh client with a pending live deposit of $250, on home; answers the request's reference. */
async function clientWithPendingDeposit(page: Page, request: Parameters<typeof createClient>[0]) {
  const client = await createClient(request, 'notify');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.getByRole('button', { name: /^Open (your first )?account$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a trading account' });
  await dialog.getByLabel('Currency').selectOption({ label: 'USD · US Dollar' });
  await dialog.getByRole('radio', { name: /^Live/ }).check();
  await dialog.getByRole('button', { name: 'Open account' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.goto('/en/wallet');
  await page.getByLabel('Amount, USD').fill('250');
  await page.getByRole('button', { name: 'Deposit funds' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'It is credited once our staff approve it.' });
  await expect(notice).toBeVisible();
  const reference = /DEP-[A-Z2-9]{10}/.exec((await notice.textContent()) ?? '')![0];
  await page.goto('/en/home');
  return { client, reference };
}

test('staff reject a live deposit: the client’s bell shows it live, the panel links to it, and the mail arrives', async ({ page, request, browser }) => {
  const { client, reference } = await clientWithPendingDeposit(page, request);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  const admin = await asAdmin(browser);
  await admin.page.goto('/en/administration/requests');
  await admin.page.getByRole('button', { name: `Reject ${reference}` }).click();
  const ask = admin.page.getByRole('dialog', { name: `Reject request ${reference}?` });
  await ask.getByLabel('Reason, shown to the client').fill('The payer’s name does not match yours.');
  await ask.getByRole('button', { name: 'Reject request' }).click();
  await expect(admin.page.getByRole('status').filter({ hasText: `Request ${reference} rejected.` })).toBeVisible();
  await admin.context.close();

  // No reload: the count arrives on the user's own channel.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  const item = panel.getByRole('link', { name: /Deposit of \$250\.00 rejected/ });
  await expect(item).toBeVisible();
  await expectNoAxeViolations(page);

  const mail = await receivedMail(client.email, 'Your deposit of $250.00 was rejected');
  expect(mail.text).toContain('Your deposit of $250.00');
  expect(linkTo(mail, '/history').pathname).toBe('/en/history');

  await item.click();
  await expect(page).toHaveURL(/\/en\/history$/);
  await expect(page.getByRole('row').filter({ hasText: reference })).toContainText('Rejected');
  await expect(bell).toHaveAccessibleName('Notifications');
});

for (const theme of ['light-theme', 'dark-theme'] as const) {
  test(`Settings → Notifications in the ${theme}: switches per event, security mail locked on with the reason; axe finds nothing`, async ({ page, context, request }) => {
    await context.addCookies([{ name: 'user-theme', value: theme, url: 'http://127.0.0.1' }]);
    const client = await createClient(request, 'notifyset');
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/en\/home$/);
    await page.goto('/en/settings/notifications');
    await expect(page.getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
    const lockedMail = page.getByRole('checkbox', { name: 'Password changed: by e-mail' });
    await expect(lockedMail).toBeChecked();
    await expect(lockedMail).toBeDisabled();
    await expect(lockedMail).toHaveAccessibleDescription(/Security e-mails are always sent/);
    const documentMail = page.getByRole('checkbox', { name: 'Document rejected: by e-mail' });
    await documentMail.uncheck();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Document rejected: by e-mail' })).not.toBeChecked();
    await expectNoAxeViolations(page);
  });
}

test('a notification made while the tab’s socket is still signing in reaches the bell once it is signed in', async ({ page, request, context, baseURL }) => {
  const client = await createClient(request, 'signing-in');
  await holdSession(context, request, baseURL!, { email: client.email, password: client.password });
  // The socket connects, then signs in as the user in a round trip of its own: held here.
  const release = await holdRequests(page, '**/broadcasting/user-auth');
  const signingIn = page.waitForRequest('**/broadcasting/user-auth');
  await page.goto('/en/settings/privacy');
  await signingIn;

  const section = page.getByRole('region', { name: 'Export my data' });
  await section.getByRole('button', { name: 'Prepare my data' }).click();
  await expect(section.getByText('Ready', { exact: true })).toBeVisible({ timeout: 20_000 });
  // Mailed after it was stored and published: published to a user channel this tab has not joined yet.
  await receivedMail(client.email, 'Your data export is ready');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  release();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
});
