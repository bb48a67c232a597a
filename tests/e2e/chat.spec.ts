import { type Browser, type BrowserContext, expect, type Page, test, type WebSocketRoute } from '@playwright/test';
import { ADMIN, createClient, expectNoAxeViolations, type NewClient, signIn } from './support';

/** A client and an admin, each in their own browser context, as two people on two machines. */
async function twoPeople(browser: Browser, request: Parameters<typeof createClient>[0]) {
  const client = await createClient(request, 'chat');
  const clientContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  const adminPage = await adminContext.newPage();
  return { client, clientContext, adminContext, clientPage, adminPage };
}

async function openWidget(page: Page, client: NewClient) {
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.getByRole('button', { name: /^Support chat/ }).click();
  await expect(page.getByRole('region', { name: 'Support' })).toBeVisible();
  // Titled with the manager's name once staff answer.
  return page.getByRole('region', { name: /^(Support|Alexandra Morgan)$/ });
}

async function openAdminChats(page: Page) {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/administration/chats');
}

const messagesOf = (scope: Page | ReturnType<Page['getByRole']>) => scope.getByRole('log', { name: 'Messages' });

async function send(scope: Page | ReturnType<Page['getByRole']>, text: string) {
  await scope.getByRole('textbox', { name: 'Message' }).fill(text);
  await scope.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(scope.getByRole('textbox', { name: 'Message' })).toHaveValue('');
}

test.describe('support chat', () => {
  // Two people signing in (argon2id at production cost) on a shared 2-core machine.
  test.describe.configure({ timeout: 90_000 });
  let contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    for (const context of contexts) await context.close();
    contexts = [];
  });

  test('a client and an admin chat both ways, each seeing the other typing', async ({ browser, request }) => {
    const { client, clientContext, adminContext, clientPage, adminPage } = await twoPeople(browser, request);
    contexts = [clientContext, adminContext];
    const widget = await openWidget(clientPage, client);
    await expect(widget).toContainText('Ask us anything');
    await send(widget, 'Hello, I cannot see my deposit.');
    await expect(messagesOf(widget)).toContainText('Hello, I cannot see my deposit.');

    await openAdminChats(adminPage);
    const row = adminPage.getByRole('button', { name: new RegExp(client.email) });
    await expect(row).toContainText('Hello, I cannot see my deposit.');
    await expect(row).toContainText('1 unread');
    await row.click();
    const conversation = adminPage.getByRole('region', { name: 'Conversation', exact: true });
    await expect(messagesOf(conversation)).toContainText('Hello, I cannot see my deposit.');
    await expect(row).not.toContainText('unread');

    // The admin types: the client sees the manager typing, then the answer.
    await conversation.getByRole('textbox', { name: 'Message' }).pressSequentially('Let me check');
    await expect(widget).toContainText('Alexandra Morgan is typing…');
    await conversation.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(messagesOf(widget)).toContainText('Let me check');
    await expect(widget).not.toContainText('is typing');
    // The manager who answered names the chat, live.
    await expect(widget.getByRole('heading', { name: 'Alexandra Morgan' })).toBeVisible();

    // And the other way round.
    await widget.getByRole('textbox', { name: 'Message' }).pressSequentially('Thank you');
    await expect(conversation).toContainText('Test Client is typing…');
    await widget.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(messagesOf(conversation)).toContainText('Thank you');

    // A new message while the widget is closed shows on the launcher.
    await widget.getByRole('button', { name: 'Close the chat' }).click();
    await send(conversation, 'Found it: it arrives tomorrow.');
    await expect(clientPage.getByRole('button', { name: 'Support chat, 1 new message' })).toBeVisible();
    await clientPage.getByRole('button', { name: /^Support chat/ }).click();
    await expect(messagesOf(widget)).toContainText('Found it: it arrives tomorrow.');
    await expect(clientPage.getByRole('button', { name: 'Support chat' })).toBeVisible();
  });

  test('a dropped connection comes back and nothing said meanwhile is lost', async ({ browser, request }) => {
    const { client, clientContext, adminContext, clientPage, adminPage } = await twoPeople(browser, request);
    contexts = [clientContext, adminContext];
    // The client's realtime socket goes through a switch the test can open and close.
    let offline = false;
    const live: WebSocketRoute[] = [];
    const held: WebSocketRoute[] = [];
    await clientContext.routeWebSocket(/\/app\//, (ws) => {
      if (offline) held.push(ws);
      else {
        ws.connectToServer();
        live.push(ws);
      }
    });

    const widget = await openWidget(clientPage, client);
    await send(widget, 'Are you there?');
    await openAdminChats(adminPage);
    await adminPage.getByRole('button', { name: new RegExp(client.email) }).click();
    const conversation = adminPage.getByRole('region', { name: 'Conversation', exact: true });
    await send(conversation, 'Yes, one moment.');
    await expect(messagesOf(widget)).toContainText('Yes, one moment.');

    offline = true;
    for (const ws of live.splice(0)) await ws.close({ code: 4200, reason: 'test drops the connection' });
    await expect(widget.getByRole('status')).toHaveText('Connection lost. Reconnecting…');
    await send(conversation, 'Said while you were away (1)');
    await send(conversation, 'Said while you were away (2)');
    await expect(messagesOf(widget)).not.toContainText('while you were away');

    offline = false;
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const ws of held.splice(0)) ws.connectToServer();
    await expect(messagesOf(widget)).toContainText('Said while you were away (1)');
    await expect(messagesOf(widget)).toContainText('Said while you were away (2)');
    await expect(widget.getByRole('status')).toHaveCount(0);
    await send(conversation, 'And live again.');
    await expect(messagesOf(widget)).toContainText('And live again.');
    const texts = await messagesOf(widget).locator('.chat-bubble').allTextContents();
    expect(texts).toEqual(['Are you there?', 'Yes, one moment.', 'Said while you were away (1)', 'Said while you were away (2)', 'And live again.']);
  });

  test('a hostile message shows as typed on both sides and runs nothing', async ({ browser, request }) => {
    const { client, clientContext, adminContext, clientPage, adminPage } = await twoPeople(browser, request);
    contexts = [clientContext, adminContext];
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const widget = await openWidget(clientPage, client);
    await send(widget, hostile);
    await openAdminChats(adminPage);
    await adminPage.getByRole('button', { name: new RegExp(client.email) }).click();
    const conversation = adminPage.getByRole('region', { name: 'Conversation', exact: true });
    for (const [page, scope] of [
      [clientPage, widget],
      [adminPage, conversation],
    ] as const) {
      await expect(scope.locator('.chat-bubble').first()).toHaveText(hostile);
      await expect(messagesOf(scope).locator('img, script')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    }
  });

  test('the widget and the administration\'s chats pass axe', async ({ browser, request }) => {
    const { client, clientContext, adminContext, clientPage, adminPage } = await twoPeople(browser, request);
    contexts = [clientContext, adminContext];
    const widget = await openWidget(clientPage, client);
    await send(widget, 'Accessible?');
    await expectNoAxeViolations(clientPage);
    await openAdminChats(adminPage);
    await adminPage.getByRole('button', { name: new RegExp(client.email) }).click();
    await expect(messagesOf(adminPage.getByRole('region', { name: 'Conversation', exact: true }))).toContainText('Accessible?');
    await expectNoAxeViolations(adminPage);
  });

  test('a message too big for a live event (2,000 control characters) still arrives live', async ({ browser, request }) => {
    const { client, clientContext, adminContext, clientPage, adminPage } = await twoPeople(browser, request);
    contexts = [clientContext, adminContext];
    const widget = await openWidget(clientPage, client);
    await send(widget, 'Ready');
    await openAdminChats(adminPage);
    await adminPage.getByRole('button', { name: new RegExp(client.email) }).click();
    const conversation = adminPage.getByRole('region', { name: 'Conversation', exact: true });
    await expect(messagesOf(conversation)).toContainText('Ready');
    const big = '\u0001'.repeat(2000);
    await conversation.getByRole('textbox', { name: 'Message' }).fill(big);
    await conversation.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(widget.locator('.chat-bubble')).toHaveText(['Ready', big]);
  });

  test('the composer counts down near the limit, and text in any direction shows in its own', async ({ page, request }) => {
    const client = await createClient(request, 'chat');
    const widget = await openWidget(page, client);
    const box = widget.getByRole('textbox', { name: 'Message' });
    await box.fill('a'.repeat(1700));
    await expect(widget.getByText(/characters? left/)).toHaveCount(0);
    await box.fill('a'.repeat(1950));
    await expect(widget.getByText('50 characters left')).toBeVisible();
    await expect(box).toHaveAccessibleDescription('50 characters left');
    await box.fill('שלום, איפה ההפקדה שלי?');
    await box.press('Enter');
    await expect(widget.locator('.chat-bubble')).toHaveText(['שלום, איפה ההפקדה שלי?']);
    await expect(widget.locator('.chat-bubble')).toHaveAttribute('dir', 'auto');
    await expect(box).toHaveAttribute('dir', 'auto');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await box.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(16);
  });

  test('admins get no widget', async ({ page }) => {
    await openAdminChats(page);
    await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Support chat/ })).toHaveCount(0);
  });
});
