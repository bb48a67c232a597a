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
    // Any staff page counts, not only the chats.
    await adminPage.goto('/en/administration/support');
    await expect(status).toHaveText('Support is online');
    await expect(status).toHaveAttribute('data-availability', 'online');
    await adminPage.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Calendar' }).click();
    await expect(adminPage).toHaveURL(/\/en\/administration\/calendar$/);
    await expect(status).toHaveText('Support is online');
    // Leaving the administration leaves support away (within hours) or closed, as the clock says.
    await adminPage.goto('/en/home');
    await expect(status).toContainText('Nobody from support is online right now.');
    await expect(status).toHaveAttribute('data-availability', /^(away|closed)$/);
    await expect(status).toContainText(/Within office hours: a manager will answer soon\.|Outside office hours\. Support opens /);
  });

  test('an agent’s alert sound is kept on the server: switched on, it is still on in another browser', async ({ browser }) => {
    const first = await person(browser, contexts);
    await signIn(first, ADMIN);
    await expect(first).toHaveURL(/\/en\/home$/);
    await first.goto('/en/administration/support');
    const sound = first.getByRole('checkbox', { name: 'Play a sound when a client writes while I am not looking' });
    await expect(sound).not.toBeChecked();
    const saved = first.waitForResponse((response) => response.url().endsWith('/api/admin/support/alerts') && response.request().method() === 'PUT');
    await sound.check();
    expect((await saved).status()).toBe(200);

    const second = await person(browser, contexts);
    await signIn(second, ADMIN);
    await expect(second).toHaveURL(/\/en\/home$/);
    await second.goto('/en/administration/support');
    const there = second.getByRole('checkbox', { name: 'Play a sound when a client writes while I am not looking' });
    await expect(there).toBeChecked();
    const off = second.waitForResponse((response) => response.url().endsWith('/api/admin/support/alerts') && response.request().method() === 'PUT');
    await there.uncheck();
    expect((await off).status()).toBe(200);
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
