import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, apiHeaders, createClient, expectNoAxeViolations, signIn } from './support';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

/** A fresh client who has written to support (through the API: the widget has its own specs). */
async function clientWhoWrote(request: APIRequestContext, text: string) {
  const client = await createClient(request, 'desk');
  const headers = await apiHeaders(request, client.email, client.password);
  const room = (await (await request.post('/api/chat/room', { headers, data: {} })).json()) as { id: number };
  expect((await request.post(`/api/chat/room/${room.id}/message`, { headers, data: { message: text } })).status()).toBe(201);
  return { ...client, roomId: room.id };
}

/** A letters-only tail, so each run's shortcut is its own (the database outlives a run). */
const uniqueTail = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function openRoom(page: Page, email: string) {
  await page.getByRole('button', { name: new RegExp(email) }).click();
  return page.getByRole('region', { name: 'Conversation', exact: true });
}

test.describe('the agent’s workspace', () => {
  test.describe.configure({ timeout: 120_000 });

  test('staff open a chat, see the client’s context, add and insert a canned reply with /, send a file, claim and resolve', async ({ page, request }) => {
    const client = await clientWhoWrote(request, 'Where is my deposit?');
    const shortcut = `welcome${uniqueTail()}`;
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/en\/home$/);

    // The reply is written once, on the canned replies screen, in the client's language.
    await page.goto('/en/administration/canned-replies');
    await page.getByRole('button', { name: 'Add reply' }).click();
    const dialog = page.getByRole('dialog', { name: 'New canned reply' });
    await dialog.getByLabel('Shortcut').fill(shortcut);
    await dialog.getByLabel('Text').fill('Hello! Your deposit is on its way.');
    await dialog.getByRole('button', { name: 'Add reply' }).click();
    await expect(page.getByText(`/${shortcut} added.`)).toBeVisible();

    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Chats' }).click();
    const conversation = await openRoom(page, client.email);
    const context = page.getByRole('complementary', { name: 'About the client' });
    await expect(context).toContainText(client.email);
    await expect(context).toContainText('English');
    await expect(context).toContainText('Not verified');
    await expect(context).toContainText('No trading accounts yet.');
    await expect(conversation.getByRole('log', { name: 'Messages' })).toContainText('Where is my deposit?');

    const input = conversation.getByRole('textbox', { name: 'Message' });
    await input.pressSequentially(`/${shortcut.slice(0, 9)}`);
    const suggestions = conversation.getByRole('listbox', { name: 'Canned replies' });
    await expect(suggestions.getByRole('option', { name: new RegExp(`/${shortcut}`) })).toBeVisible();
    await input.press('Enter');
    await expect(input).toHaveValue('Hello! Your deposit is on its way.');
    await expect(suggestions).toHaveCount(0);
    await input.press('Enter');
    await expect(conversation.getByRole('log', { name: 'Messages' })).toContainText('Hello! Your deposit is on its way.');

    await conversation.locator('input[type="file"]').setInputFiles({ name: 'how-to-deposit.png', mimeType: 'image/png', buffer: PNG });
    await expect(conversation.getByRole('button', { name: /how-to-deposit\.png/ })).toBeVisible();

    await conversation.getByRole('button', { name: 'Claim' }).click();
    await expect(conversation.getByText('Claimed by you')).toBeVisible();
    await conversation.getByRole('button', { name: 'Mark resolved' }).click();
    await expect(conversation.getByRole('button', { name: 'Reopen' })).toBeVisible();
    // The list shows open conversations by default: the resolved one has moved to Resolved.
    await expect(page.getByRole('button', { name: new RegExp(client.email) })).toHaveCount(0);
    await page.getByRole('radio', { name: 'Resolved' }).click();
    await expect(page.getByRole('button', { name: new RegExp(client.email) })).toContainText('Claimed by you');

    // The client sees the file arrive in the widget, and can download it.
    const clientPage = await page.context().browser()!.newPage();
    try {
      await signIn(clientPage, client.email, client.password);
      await expect(clientPage).toHaveURL(/\/en\/home$/);
      await clientPage.getByRole('button', { name: /^Support chat/ }).click();
      const widget = clientPage.getByRole('region', { name: /^(Support|Alexandra Morgan)$/ });
      const file = widget.getByRole('button', { name: /how-to-deposit\.png/ });
      await expect(file).toBeVisible();
      const download = clientPage.waitForEvent('download');
      await file.click();
      expect((await download).suggestedFilename()).toBe('how-to-deposit.png');
    } finally {
      await clientPage.close();
    }
  });

  for (const theme of ['light-theme', 'dark-theme'] as const) {
    test(`axe finds nothing in the workspace, the suggestions open, and on the canned replies screen with its errors, in the ${theme}`, async ({ page, context, request }) => {
      await context.addCookies([{ name: 'user-theme', value: theme, url: 'http://127.0.0.1' }]);
      const client = await clientWhoWrote(request, 'I need help with a withdrawal.');
      const admin = await apiHeaders(request, ADMIN);
      await request.post('/api/admin/canned-replies', { headers: admin, data: { lang: 'en', shortcut: `axe${uniqueTail()}`, text: 'Thanks for waiting.' } });

      await signIn(page, ADMIN);
      await expect(page).toHaveURL(/\/en\/home$/);
      await page.goto('/en/administration/chats');
      const conversation = await openRoom(page, client.email);
      await expect(page.getByRole('complementary', { name: 'About the client' })).toContainText(client.email);
      await expectNoAxeViolations(page);
      await conversation.getByRole('textbox', { name: 'Message' }).pressSequentially('/axe');
      await expect(conversation.getByRole('listbox', { name: 'Canned replies' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto('/en/administration/canned-replies');
      await expect(page.getByText('Thanks for waiting.').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Add reply' }).click();
      const dialog = page.getByRole('dialog', { name: 'New canned reply' });
      await dialog.getByLabel('Shortcut').fill('two words');
      await dialog.getByRole('button', { name: 'Add reply' }).click();
      await expect(dialog.getByLabel('Shortcut')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
    });
  }

  test('the workspace and the canned replies in en, ru and ua at 360 and 1440 px', async ({ page, request }, testInfo) => {
    const client = await clientWhoWrote(request, 'Hello from a small screen.');
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/en\/home$/);
    for (const lang of ['en', 'ru', 'ua'] as const) {
      for (const width of [360, 1440]) {
        await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
        await page.goto(`/${lang}/administration/chats`);
        await page.getByRole('button', { name: new RegExp(client.email) }).click();
        await expect(page.locator('.room-context')).toContainText(client.email);
        // Nothing wider than the screen: the page never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: testInfo.outputPath(`chats-${lang}-${width}.png`), fullPage: true });
        await page.goto(`/${lang}/administration/canned-replies`);
        await expect(page.locator('.canned-filter')).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: testInfo.outputPath(`canned-${lang}-${width}.png`), fullPage: true });
      }
    }
  });
});
