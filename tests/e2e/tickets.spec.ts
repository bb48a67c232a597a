import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, createClient, expectNoAxeViolations, type NewClient, receivedMail, signIn } from './support';

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const SHOTS = 'var/screenshots/tickets';

async function staff(browser: Browser, theme: 'light-theme' | 'dark-theme' = 'light-theme') {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'user-theme', value: theme, url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/en\/home$/);
  return { page, close: () => context.close() };
}

/** Opens a ticket through the form, with one attachment; answers its page's address. */
async function openTicket(page: Page, client: NewClient, subject: string): Promise<string> {
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tickets' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Support tickets' })).toBeVisible();
  await page.getByRole('button', { name: 'New ticket' }).click();
  await page.getByLabel('Category').selectOption('deposit');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('I paid 250 USD by card this morning; the account still shows nothing.');
  await page.getByLabel('Attachments (optional)').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Send ticket' }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('button', { name: /receipt\.png/ })).toBeVisible();
  return new URL(page.url()).pathname;
}

test('a client opens a ticket with a file, staff claim and answer it, the client reads the reply, reopens it and rates it', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const client = await createClient(request, 'ticket');
  const subject = `Card deposit missing ${Date.now()}`;
  const ticketPath = await openTicket(page, client, subject);
  await expect(page.getByText('Open', { exact: true })).toBeVisible();

  const admin = await staff(browser);
  await admin.page.goto('/en/administration/tickets?status=open');
  await admin.page.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(admin.page.getByText('Nobody handles this ticket yet.')).toBeVisible();
  const download = admin.page.waitForEvent('download');
  await admin.page.getByRole('button', { name: /receipt\.png/ }).click();
  expect((await download).suggestedFilename()).toBe('receipt.png');
  await admin.page.getByRole('button', { name: 'Claim' }).click();
  await expect(admin.page.getByText('Handled by Alexandra Morgan')).toBeVisible();

  await admin.page.getByLabel('Internal note (the client never sees it)').check();
  await admin.page.getByLabel('Note for staff').fill('Card processor shows it settled; check the booking.');
  await admin.page.getByRole('button', { name: 'Add note' }).click();
  await expect(admin.page.getByRole('listitem', { name: 'Internal note by Alexandra Morgan' })).toBeVisible();
  await admin.page.getByLabel('Answer', { exact: true }).fill('We found your deposit: it is on your account now.');
  await admin.page.getByRole('button', { name: 'Send answer' }).click();
  await expect(admin.page.getByText('Awaiting client')).toBeVisible();
  await admin.page.getByRole('button', { name: 'Resolve' }).click();
  await expect(admin.page.getByText('Resolved', { exact: true }).first()).toBeVisible();
  await expect(admin.page.getByText('Time to first response')).toBeVisible();

  // The reply reaches the client by mail too, in their language.
  await receivedMail(client.email, /^New reply to your ticket T-\d{6}$/);
  await page.goto(ticketPath);
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread).toContainText('We found your deposit: it is on your account now.');
  await expect(thread).not.toContainText('Card processor shows it settled');
  await expect(page.getByText('Alexandra Morgan', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Reopen the ticket' }).click();
  await expect(page.getByText('Awaiting support')).toBeVisible();
  await page.getByLabel('Your message').fill('The amount is 240 USD, not 250.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(thread).toContainText('The amount is 240 USD, not 250.');

  await admin.page.reload();
  await admin.page.getByRole('button', { name: 'Resolve' }).click();
  await expect(admin.page.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await admin.close();

  await page.reload();
  await page.getByRole('radio', { name: '5' }).check();
  await page.getByLabel('Comment (optional)').fill('Fast and clear.');
  await page.getByRole('button', { name: 'Send rating' }).click();
  await expect(page.getByText('You rated the answer 5 out of 5.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages' })).toBeVisible();
});

for (const theme of ['light-theme', 'dark-theme'] as const) {
  test(`axe finds nothing on the ticket screens in the ${theme}`, async ({ page, request, browser, context }) => {
    test.setTimeout(120_000);
    await context.addCookies([{ name: 'user-theme', value: theme, url: test.info().project.use.baseURL! }]);
    const client = await createClient(request, 'ticket-axe');
    const ticketPath = await openTicket(page, client, `Axe ${theme}`);
    await expectNoAxeViolations(page);
    await page.goto('/en/tickets');
    await expect(page.getByRole('link', { name: new RegExp(`Axe ${theme}`) })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'New ticket' }).click();
    await page.getByRole('button', { name: 'Send ticket' }).click();
    await expect(page.getByText('The category field is required.')).toBeVisible();
    await expectNoAxeViolations(page);

    const admin = await staff(browser, theme);
    await admin.page.goto('/en/administration/tickets');
    await expect(admin.page.getByRole('table')).toBeVisible();
    await expectNoAxeViolations(admin.page);
    const id = ticketPath.split('/').pop();
    await admin.page.goto(`/en/administration/tickets/${id}`);
    await admin.page.getByLabel('Answer', { exact: true }).fill('Resolved on our side.');
    await admin.page.getByRole('button', { name: 'Send answer' }).click();
    await admin.page.getByRole('button', { name: 'Resolve' }).click();
    await expect(admin.page.getByText('Time to resolution')).toBeVisible();
    await expectNoAxeViolations(admin.page);
    await admin.close();

    await page.goto(ticketPath);
    await expect(page.getByRole('heading', { name: 'This ticket is resolved' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('the ticket screens fit a phone and a desktop, in English and Russian', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const client = await createClient(request, 'ticket-shots');
  const ticketPath = await openTicket(page, client, 'Withdrawal to my card is late');
  const id = ticketPath.split('/').pop();
  const admin = await staff(browser);
  await admin.page.goto(`/en/administration/tickets/${id}`);
  await admin.page.getByLabel('Answer', { exact: true }).fill('The bank confirmed the payout; it arrives within one business day.');
  await admin.page.getByRole('button', { name: 'Send answer' }).click();
  await expect(admin.page.getByText('Awaiting client')).toBeVisible();

  const fits = async (target: Page) =>
    expect(await target.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  for (const lang of ['en', 'ru'] as const) {
    for (const [size, viewport] of [['360', { width: 360, height: 800 }], ['1440', { width: 1440, height: 900 }]] as const) {
      await page.setViewportSize(viewport);
      await admin.page.setViewportSize(viewport);
      for (const [name, target, path] of [
        ['client-list', page, `/${lang}/tickets`],
        ['client-ticket', page, `/${lang}/tickets/${id}`],
        ['staff-queue', admin.page, `/${lang}/administration/tickets`],
        ['staff-ticket', admin.page, `/${lang}/administration/tickets/${id}`],
      ] as const) {
        await target.goto(path);
        await expect(target.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(target.getByText(/T-\d{6}/).first()).toBeVisible();
        await fits(target);
        await target.screenshot({ path: `${SHOTS}/${lang}-${name}-${size}.png`, fullPage: true });
      }
    }
  }
  await admin.close();
});
