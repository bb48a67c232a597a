import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, createClient, type NewClient, signIn } from './support';

/** Support's presence with real pusher-js in Chromium: the hub's webhooks reach the app, which tells staff and clients. */

async function openWidget(page: Page, client: NewClient) {
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.getByRole('button', { name: /^Support chat/ }).click();
  const widget = page.getByRole('region', { name: /^(Support|Alexandra Morgan)$/ });
  await expect(widget).toBeVisible();
  return widget;
}

async function person(browser: Browser, contexts: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

test.describe('support presence', () => {
  // Two people signing in (argon2id at production cost) on a shared 2-core machine.
  test.describe.configure({ timeout: 90_000 });
  let contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    for (const context of contexts) await context.close();
    contexts = [];
  });

  test('a client with no staff online sees the away message with office hours, then support coming online', async ({ browser, request }) => {
    const client = await createClient(request, 'away');
    const clientPage = await person(browser, contexts);
    const widget = await openWidget(clientPage, client);
    const status = widget.getByTestId('support-status');
    await expect(status).toContainText('Nobody from support is online right now.');
    await expect(status).toContainText('Office hours: weekdays, 09:00–18:00 (Europe/London).');

    const adminPage = await person(browser, contexts);
    await signIn(adminPage, ADMIN);
    await expect(adminPage).toHaveURL(/\/en\/home$/);
    await adminPage.goto('/en/administration/chats');
    await expect(status).toHaveText('Support is online');
    await adminPage.close();
    await expect(status).toContainText('Nobody from support is online right now.');
  });

  test('staff see the client online, then last seen; the client sees “Seen” once staff read', async ({ browser, request }) => {
    const client = await createClient(request, 'presence');
    const clientPage = await person(browser, contexts);
    const widget = await openWidget(clientPage, client);
    await widget.getByRole('textbox', { name: 'Message' }).fill('Is my withdrawal on its way?');
    await widget.getByRole('textbox', { name: 'Message' }).press('Enter');
    const mine = widget.getByRole('listitem').filter({ hasText: 'Is my withdrawal on its way?' });
    await expect(mine).toBeVisible();
    await expect(mine).not.toContainText('Seen');

    const adminPage = await person(browser, contexts);
    await signIn(adminPage, ADMIN);
    await expect(adminPage).toHaveURL(/\/en\/home$/);
    await adminPage.goto('/en/administration/chats');
    const row = adminPage.getByRole('button', { name: new RegExp(client.email) });
    await expect(row.getByTestId('client-presence')).toHaveText('Online');

    // Staff open the conversation: it is read, and the client sees it was.
    await row.click();
    const conversation = adminPage.getByRole('region', { name: 'Conversation', exact: true });
    await expect(conversation.getByRole('log', { name: 'Messages' })).toContainText('Is my withdrawal on its way?');
    await expect(conversation.getByTestId('client-presence')).toHaveText('Online');
    await expect(mine).toContainText('Seen');

    // The client leaves: staff see when they were last there.
    await clientPage.close();
    await expect(conversation.getByTestId('client-presence')).toHaveText(/^Last seen (now|\d+ seconds? ago|1 minute ago)$/);
    await expect(row.getByTestId('client-presence')).toHaveText(/^Last seen /);
  });
});
