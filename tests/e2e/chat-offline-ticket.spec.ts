import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, createClient, expectNoAxeViolations, receivedMail, signIn } from './support';

const SHOTS = 'var/screenshots/notifications';

async function asStaff(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/en\/home$/);
  return { page, close: () => context.close() };
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a chat message that finds nobody online becomes a ticket; staff answer it and the client reads the answer by mail and on the notifications page', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const client = await createClient(request, 'offline-chat');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.getByRole('button', { name: /^Support chat/ }).click();
  const widget = page.getByRole('region', { name: 'Support' });
  const text = `My withdrawal is stuck ${Date.now()}`;
  await widget.getByRole('textbox', { name: 'Message' }).fill(text);
  await widget.getByRole('textbox', { name: 'Message' }).press('Enter');

  // Nobody has the staff's chats screen open: the client is told where the message went.
  const notice = widget.getByTestId('chat-ticket-notice');
  await expect(notice).toContainText(/Nobody from support is online, so your message became ticket T-\d{6}\./);
  await expect(notice).toContainText(`by e-mail to ${client.email}`);
  const number = (await notice.getByRole('link').textContent())!;
  await shoot(page, 'chat-ticket-notice-light-en');
  await page.getByRole('button', { name: /^Support chat/ }).click();
  await page.getByRole('button', { name: /^Support chat/ }).click();
  await expect(notice).toBeVisible();
  await widget.getByRole('textbox', { name: 'Message' }).fill('The reference is W-42.');
  await widget.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(widget.getByRole('log', { name: 'Messages' })).toContainText('The reference is W-42.');

  const admin = await asStaff(browser);
  await admin.page.goto('/en/administration/tickets?status=open');
  await admin.page.getByRole('link', { name: new RegExp(text) }).click();
  const messages = admin.page.getByRole('list', { name: 'Messages' });
  await expect(messages).toContainText(text);
  await expect(messages).toContainText('The reference is W-42.');
  await admin.page.getByRole('button', { name: 'Claim' }).click();
  await expect(admin.page.getByText('Taken by Alexandra Morgan')).toBeVisible();
  await admin.page.getByLabel('Answer', { exact: true }).fill('Your withdrawal left today; expect it within two business days.');
  await admin.page.getByRole('button', { name: 'Send answer' }).click();
  await expect(admin.page.getByText('Awaiting client')).toBeVisible();
  await shoot(admin.page, 'chat-ticket-staff-light-en');
  await admin.close();

  const mail = await receivedMail(client.email, `The answer to your message: ticket ${number}`);
  expect(mail.text).toContain('Your withdrawal left today; expect it within two business days.');

  // The bell's list leads to the full page.
  await page.goto('/en/home');
  await page.getByRole('button', { name: /Notifications/ }).first().click();
  await page.getByRole('link', { name: 'See all notifications' }).click();
  await expect(page).toHaveURL(/\/en\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await page.getByRole('radio', { name: /Unread/ }).click();
  await expect(page).toHaveURL(/filter=unread/);
  const item = page.getByRole('link', { name: new RegExp(number) });
  await expect(item).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'notifications-unread-light-en');
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('Nothing unread')).toBeVisible();
  await page.getByRole('radio', { name: 'All' }).click();
  await item.click();
  await expect(page).toHaveURL(/\/en\/tickets\/\d+$/);
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('expect it within two business days');
});

test('the notifications page in Russian, dark, passes axe and fits 360 px', async ({ browser, request }) => {
  const client = await createClient(request, 'notifications-ru');
  const context = await browser.newContext();
  await context.addCookies([{ name: 'user-theme', value: 'dark-theme', url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/ru/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Уведомления' })).toBeVisible();
  await expect(page.getByText('Уведомлений пока нет.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shoot(page, 'notifications-empty-dark-ru');
  await context.close();
});

test('staff take a deposit into review with the expected time; a past time is refused; the client’s timeline shows the time in their zone', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const client = await createClient(request, 'expected');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.getByRole('button', { name: /^Open (your first )?account$/ }).click();
  const open = page.getByRole('dialog', { name: 'Open a trading account' });
  await open.getByLabel('Currency').selectOption({ label: 'USD · US Dollar' });
  await open.getByRole('radio', { name: /^Live/ }).check();
  await open.getByRole('button', { name: 'Open account' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.goto('/en/wallet');
  await page.getByLabel('Amount, USD').fill('250');
  await page.getByRole('button', { name: 'Deposit funds' }).click();
  const done = page.getByRole('status').filter({ hasText: 'It is credited once our staff approve it.' });
  await expect(done).toBeVisible();
  const reference = /DEP-[A-Z2-9]{10}/.exec((await done.textContent()) ?? '')![0];

  const admin = await asStaff(browser);
  await admin.page.goto('/en/administration/requests');
  await admin.page.getByRole('button', { name: `Take ${reference} into review` }).click();
  const dialog = admin.page.getByRole('dialog', { name: `Review request ${reference}` });
  const field = dialog.getByLabel('Decision expected by');
  await field.fill('2020-01-01T10:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The expected time must be in the future.')).toBeVisible();
  await shoot(admin.page, 'expected-time-refused-light-en');
  await expectNoAxeViolations(admin.page);
  // Tomorrow at 15:30 in the staff member's zone (the browser's).
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  const typed = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}T15:30`;
  await field.fill(typed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.page.getByRole('status').filter({ hasText: `Request ${reference} is under review.` })).toBeVisible();
  await expect(admin.page.getByRole('button', { name: `Change the expected time of ${reference}` })).toBeVisible();
  await admin.close();

  await page.goto('/en/history');
  await page.getByRole('button', { name: `Timeline of ${reference}` }).click();
  const expected = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(typed));
  await expect(page.getByText(`Next step expected by ${expected}`)).toBeVisible();
});
