import { type BrowserContext, expect, type Locator, type Page, test, type WebSocketRoute } from '@playwright/test';
import { restartableServer, type RestartableServer } from './restartable-server';
import { ADMIN, adminCode, CLIENT, createClient, signIn } from './support';

/**
 * The chat's promise: every message shown once, in order, on both sides, without a reload,
 * whatever the burst or the outage. Two people in two browser contexts.
 */

/** The client's widget; its title is the manager's name once staff answered. */
const widgetOf = (page: Page) => page.getByRole('region', { name: /^(Support|Alexandra Morgan)$/ });
const conversationOf = (page: Page) => page.getByRole('region', { name: 'Conversation', exact: true });

async function openWidget(page: Page, email: string, password?: string) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.getByRole('button', { name: /^Support chat/ }).click();
  const widget = widgetOf(page);
  await expect(widget.getByRole('log', { name: 'Messages' })).toBeVisible();
  return widget;
}

async function openRoom(page: Page, clientEmail: string) {
  await signIn(page, ADMIN);
  // A server of the test's own (the restart test) has never seen the admin's remembered device:
  // its sign-in asks for the second factor.
  const code = page.getByLabel('Authentication code');
  await expect(code.or(page.getByRole('navigation', { name: 'Main' }))).toBeVisible();
  if (await code.isVisible()) {
    await code.fill(adminCode());
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/administration/chats');
  await page.getByRole('button', { name: new RegExp(clientEmail.replace(/[.+]/g, '\\$&')) }).click();
  const conversation = conversationOf(page);
  await expect(conversation.getByRole('log', { name: 'Messages' })).toBeVisible();
  return conversation;
}

/** Types and sends each text as fast as the composer takes it (Enter moves the text into its bubble). */
async function sendAll(scope: Locator, texts: readonly string[]) {
  const box = scope.getByRole('textbox', { name: 'Message' });
  for (const text of texts) {
    await box.fill(text);
    await box.press('Enter');
  }
}

interface Shown {
  text: string;
  status: string | null;
}

const shownIn = (scope: Locator): Promise<Shown[]> =>
  scope.locator('.chat-message').evaluateAll((items) =>
    items.map((item) => ({ text: item.querySelector('.chat-bubble')?.textContent ?? '', status: item.getAttribute('data-status') })),
  );

/** What a side shows of `expected`: missing, shown more than once, not stored yet, and the order. */
async function delivery(scope: Locator, expected: readonly string[]) {
  const wanted = new Set(expected);
  const shown = (await shownIn(scope)).filter((m) => wanted.has(m.text));
  const count = (text: string) => shown.filter((m) => m.text === text).length;
  return {
    missing: expected.filter((text) => count(text) === 0).length,
    duplicated: expected.filter((text) => count(text) > 1).length,
    unsent: shown.filter((m) => m.status !== 'sent').length,
    order: shown.map((m) => m.text),
  };
}

/** Both sides show every message once, stored, in one order that keeps each side's own order. */
async function expectEveryMessageOnce(sides: Locator[], clientTexts: string[], staffTexts: string[]) {
  const all = [...clientTexts, ...staffTexts];
  for (const side of sides) {
    await expect
      .poll(async () => {
        const { missing, duplicated, unsent } = await delivery(side, all);
        return { missing, duplicated, unsent };
      }, { timeout: 30_000 })
      .toEqual({ missing: 0, duplicated: 0, unsent: 0 });
  }
  const orders = await Promise.all(sides.map(async (side) => (await delivery(side, all)).order));
  for (const order of orders) {
    expect(order.filter((text) => clientTexts.includes(text))).toEqual(clientTexts);
    expect(order.filter((text) => staffTexts.includes(text))).toEqual(staffTexts);
    expect(order).toEqual(orders[0]);
  }
}

const texts = (label: string, count: number) => Array.from({ length: count }, (_, i) => `${label} ${String(i + 1).padStart(2, '0')}`);

test.describe('chat delivery', () => {
  // Two people signing in (argon2id at production cost) on a shared 2-core machine, and a server restart.
  test.describe.configure({ timeout: 120_000 });
  let contexts: BrowserContext[] = [];
  let server: RestartableServer | null = null;
  test.afterEach(async () => {
    for (const context of contexts) await context.close();
    contexts = [];
    await server?.dispose();
    server = null;
  });

  test('a burst of 20 sends in a second on both sides: every message once, in order, and the chat stays live', async ({ browser, request }) => {
    const client = await createClient(request, 'burst');
    contexts = [await browser.newContext(), await browser.newContext()];
    const [clientPage, adminPage] = await Promise.all(contexts.map((c) => c.newPage()));
    const widget = await openWidget(clientPage!, client.email, client.password);
    await sendAll(widget, ['Hello?']);
    const conversation = await openRoom(adminPage!, client.email);
    await expect(conversation.getByRole('log', { name: 'Messages' })).toContainText('Hello?');

    const clientTexts = texts('client burst', 20);
    const staffTexts = texts('staff burst', 20);
    await Promise.all([sendAll(widget, clientTexts), sendAll(conversation, staffTexts)]);
    await expectEveryMessageOnce([widget, conversation], clientTexts, staffTexts);

    // Still live both ways afterwards, without a reload.
    await sendAll(conversation, ['After the burst, from staff']);
    await expect(widget.getByRole('log', { name: 'Messages' })).toContainText('After the burst, from staff');
    await sendAll(widget, ['After the burst, from the client']);
    await expect(conversation.getByRole('log', { name: 'Messages' })).toContainText('After the burst, from the client');
  });

  test('after a close pusher-js gives up on (4301, too many client events), the chat reconnects by itself and misses nothing', async ({
    browser,
    request,
  }) => {
    const client = await createClient(request, 'closed');
    contexts = [await browser.newContext(), await browser.newContext()];
    const sockets: WebSocketRoute[] = [];
    await contexts[0]!.routeWebSocket(/\/app\//, (ws) => {
      ws.connectToServer();
      sockets.push(ws);
    });
    const [clientPage, adminPage] = await Promise.all(contexts.map((c) => c.newPage()));
    const widget = await openWidget(clientPage!, client.email, client.password);
    await sendAll(widget, ['Hello?']);
    const conversation = await openRoom(adminPage!, client.email);
    await expect(conversation.getByRole('log', { name: 'Messages' })).toContainText('Hello?');

    for (const ws of sockets.splice(0)) await ws.close({ code: 4301, reason: 'Client event rejected due to rate limit' });
    await sendAll(conversation, ['Said right after the close']);
    await expect(widget.getByRole('log', { name: 'Messages' })).toContainText('Said right after the close');
    await expect(widget.getByRole('status')).toHaveCount(0);
    await sendAll(conversation, ['And live again']);
    await expect(widget.getByRole('log', { name: 'Messages' })).toContainText('And live again');
    expect(sockets.length).toBeGreaterThan(0);
  });

  test('a send whose answer was lost is stored once on Retry; a failed one lives only in its bubble and survives a reload', async ({
    browser,
    request,
  }) => {
    const client = await createClient(request, 'retry');
    contexts = [await browser.newContext(), await browser.newContext()];
    const [clientPage, adminPage] = await Promise.all(contexts.map((c) => c.newPage()));
    const widget = await openWidget(clientPage!, client.email, client.password);
    await sendAll(widget, ['Hello?']);
    const conversation = await openRoom(adminPage!, client.email);
    await expect(conversation.getByRole('log', { name: 'Messages' })).toContainText('Hello?');
    const sends = '**/api/chat/room/*/message';
    const failed = widget.locator('.chat-message[data-status="failed"]');

    // Stored by the server, but the answer never comes back.
    await clientPage!.route(sends, async (route) => {
      await route.fetch();
      await route.abort();
    });
    await sendAll(widget, ['Stored, answer lost']);
    await expect(failed).toHaveText(/Stored, answer lost/);
    await expect(widget.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    // Enter on the emptied input sends nothing again.
    await widget.getByRole('textbox', { name: 'Message' }).press('Enter');
    await clientPage!.unroute(sends);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(failed).toHaveCount(0);

    // Never reaches the server; the page is reloaded before the connection would retry it.
    await clientPage!.route(sends, (route) => route.abort());
    await sendAll(widget, ['Sent before the reload']);
    await expect(failed).toHaveText(/Sent before the reload/);
    await clientPage!.unroute(sends);
    await clientPage!.reload();
    await clientPage!.getByRole('button', { name: /^Support chat/ }).click();

    await expectEveryMessageOnce([widgetOf(clientPage!), conversation], ['Hello?', 'Stored, answer lost', 'Sent before the reload'], []);
  });

  test('SIGKILL of the server while both sides send, restart on the same database: every message once, in order, without a reload', async ({
    browser,
  }) => {
    server = await restartableServer();
    await server.start();
    contexts = [await browser.newContext({ baseURL: server.url }), await browser.newContext({ baseURL: server.url })];
    const [clientPage, adminPage] = await Promise.all(contexts.map((c) => c.newPage()));
    const widget = await openWidget(clientPage!, CLIENT);
    await sendAll(widget, ['Before the outage']);
    const conversation = await openRoom(adminPage!, CLIENT);
    // This server process is new: its first answers compile what they touch (tsx), seconds on a
    // loaded machine, so the first conversation gets a longer ceiling than the default 7 s.
    await expect(conversation.getByRole('log', { name: 'Messages' })).toContainText('Before the outage', { timeout: 30_000 });

    const clientTexts = texts('client restart', 10);
    const staffTexts = texts('staff restart', 10);
    await Promise.all([sendAll(widget, clientTexts.slice(0, 4)), sendAll(conversation, staffTexts.slice(0, 4))]);
    // The server dies while sends are on their way.
    await Promise.all([sendAll(widget, clientTexts.slice(4, 7)), sendAll(conversation, staffTexts.slice(4, 7)), server.kill()]);
    await expect(widget.getByRole('status')).toHaveText('Connection lost. Reconnecting…');
    await expect(conversation.getByRole('status')).toHaveText('Connection lost. Reconnecting…');
    // And both go on writing while it is down.
    await Promise.all([sendAll(widget, clientTexts.slice(7)), sendAll(conversation, staffTexts.slice(7))]);

    await server.start();
    const answering = Date.now();
    await Promise.all([
      expect(widget.getByRole('status')).toHaveCount(0, { timeout: 30_000 }),
      expect(conversation.getByRole('status')).toHaveCount(0, { timeout: 30_000 }),
    ]);
    const reconnectMs = Date.now() - answering;
    test.info().annotations.push({ type: 'reconnect after restart (ms)', description: String(reconnectMs) });
    console.log(`chat: both sides reconnected ${reconnectMs} ms after the restarted server answered`);
    await expectEveryMessageOnce([widget, conversation], clientTexts, staffTexts);
    for (const side of [widget, conversation]) {
      const { missing, duplicated } = await delivery(side, [...clientTexts, ...staffTexts]);
      test.info().annotations.push({ type: 'lost / duplicated', description: `${missing} / ${duplicated}` });
    }
  });
});
