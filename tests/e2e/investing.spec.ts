import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, apiHeaders, createClient, DEMO_PASSWORD, expectNoAxeViolations, signIn } from './support';

/** A demo account in USD for the signed-in client, funded at once with virtual money. */
async function fundedDemoAccount(request: APIRequestContext, headers: Record<string, string>, amount: string): Promise<{ id: number; number: string }> {
  const currencies = (await (await request.get('/api/currencies', { headers })).json()) as Array<{ id: number; code: string }>;
  const created = await request.post('/api/trading-account/create', { headers, data: { currency_id: currencies.find((c) => c.code === 'USD')!.id, type: 'demo' } });
  expect(created.status(), await created.text()).toBe(201);
  const account = (await created.json()) as { id: number; number: string };
  const deposit = await request.post('/api/wallet/deposit', { headers: { ...headers, 'idempotency-key': randomUUID() }, data: { account_id: account.id, amount } });
  expect(deposit.status(), await deposit.text()).toBe(201);
  return account;
}

/**
 * A seeded provider (demo password) trading their strategy's account through the same API a
 * client's trading screen uses, so the copy does not wait for the bot's next signal. BTCUSD trades
 * round the clock; 1 lot on the $20,000 strategy is 0.05 lots for a $1,000 follower, above the minimum.
 */
async function seededProvider(request: APIRequestContext, email: string) {
  const headers = await apiHeaders(request, email, DEMO_PASSWORD);
  const [account] = (await (await request.get('/api/trading-account', { headers })).json()) as Array<{ number: string }>;
  return {
    trade: (side: 'buy' | 'sell') =>
      request.post(`/api/accounts/${account!.number}/orders`, {
        headers: { ...headers, 'idempotency-key': randomUUID() },
        data: { symbol: 'BTCUSD', side, volume: 1, stop_loss: null, take_profit: null },
      }),
  };
}

async function dark(page: Page, on: boolean) {
  await page.context().addCookies([{ name: 'user-theme', value: on ? 'dark-theme' : 'light-theme', url: test.info().project.use.baseURL! }]);
  await page.reload();
}

/** The screen passes axe in the light theme and in the dark one. */
async function axeBothThemes(page: Page) {
  await expectNoAxeViolations(page);
  await dark(page, true);
  await expectNoAxeViolations(page);
  await dark(page, false);
}

test('a client follows a seeded strategy, sees a copied trade, sets a stop-loss, withdraws part, reads the fee statement and unsubscribes', async ({ page, request }) => {
  test.setTimeout(180_000);
  const name = 'Gold Mean Reversion';
  const strategy = await seededProvider(request, 'provider.gold@traderoom.test');
  const follower = await createClient(request, 'follower');
  const source = await fundedDemoAccount(request, await apiHeaders(request, follower.email, follower.password), '5000');

  await signIn(page, follower.email, follower.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Investing' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Investing' })).toBeVisible();
  await expect(page.getByRole('link', { name })).toBeVisible();
  await axeBothThemes(page);

  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fee plan' })).toBeVisible();
  await expect(page.getByText(/^Shown 1 hour after they close/)).toBeVisible();
  await axeBothThemes(page);

  await page.getByRole('button', { name: 'Follow' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('From account')).toHaveValue(String(source.id));
  await dialog.getByLabel('Amount, USD').fill('1,000');
  await expect(dialog.getByText('$1,000.00 moves to it from account')).toBeVisible();
  await dialog.getByRole('button', { name: 'Follow and fund' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('My investment', { exact: true })).toBeVisible();
  await expect(page.locator('.status-badge', { hasText: 'Copying' })).toBeVisible({ timeout: 20_000 });

  // The provider trades; the copy appears on the follower's page by itself.
  const order = await strategy.trade('buy');
  expect(order.status(), await order.text()).toBe(201);
  const trades = page.getByRole('list', { name: 'Copied trades' });
  const copied = trades.getByRole('listitem').filter({ hasText: 'Buy BTCUSD opened' });
  await expect(copied).toBeVisible({ timeout: 30_000 });
  await expect(copied.locator('.status-badge')).toHaveText('Copied');
  await expect(copied).toContainText(/Strategy 1 lots → you 0\.0\d lots/);

  await page.getByRole('button', { name: 'Set stop-loss' }).click();
  await page.getByRole('dialog').getByLabel('Loss allowed, % of the money invested').fill('20');
  await expect(page.getByRole('dialog').getByText('A loss of 20% of $1,000.00: copying pauses when equity falls to $800.00.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Save the stop-loss' }).click();
  await expect(page.getByText(/^Stop-loss: a loss of 20% of the money invested/)).toBeVisible();

  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByRole('dialog').getByText(/You can withdraw up to \$[\d,.]+ now/)).toBeVisible();
  await page.getByRole('dialog').getByLabel('Amount, USD').fill('100');
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('.stat-label', { hasText: 'Invested' }).locator('+ dd')).toHaveText('$900.00');

  // The withdrawal settled the fees first: each line with the figures it was computed from.
  const fees = page.getByRole('list', { name: 'Fee lines' });
  await expect(fees.getByText('Performance fee')).toBeVisible();
  await expect(fees.getByText('Settled before a withdrawal').first()).toBeVisible();
  await expect(fees.locator('.invest-fee-formula').first()).toContainText('high-water mark');
  await axeBothThemes(page);

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('dialog').getByText(`What is left goes back to account ${source.number}`)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Unsubscribe and return the money' }).click();
  await expect(page.locator('.status-badge', { hasText: /^Closed$/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('group', { name: 'Actions' })).toHaveCount(0);
  await expect(page.getByText('Settled before unsubscribing').first()).toBeVisible();
});

test('a client offers a strategy by invitation; staff hide it and show it again', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const provider = await createClient(request, 'provider');
  const account = await fundedDemoAccount(request, await apiHeaders(request, provider.email, provider.password), '3000');
  const name = `Swing ${Date.now()}`;
  await signIn(page, provider.email, provider.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/ru/investing');
  await page.getByRole('button', { name: 'Предложить свою стратегию' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Счёт для стратегии').selectOption(String(account.id));
  await dialog.getByLabel('Публичное название').fill(name);
  await dialog.getByLabel('Описание (Русский)').fill('Среднесрочные сделки по золоту.');
  await dialog.getByLabel('Комиссия за результат, %').fill('12,5');
  await dialog.getByLabel('Минимальная сумма, USD').fill('250,50');
  await dialog.getByRole('radio', { name: 'По коду приглашения' }).click();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Предложить стратегию' }).click();
  await expect(dialog.getByRole('heading', { name: 'Ваша стратегия предложена' })).toBeVisible();
  const code = (await dialog.locator('strong.mono').textContent())!;
  expect(code).toMatch(/^[A-Z0-9]{10}$/);
  await dialog.getByRole('button', { name: 'Готово' }).click();
  const mine = page.getByRole('region', { name: 'Ваши стратегии' });
  await expect(mine.getByText(code)).toBeVisible();
  await mine.getByRole('link', { name }).click();
  await expect(page.getByText(/^Комиссия за результат 12,5\s%$/)).toBeVisible();
  await expect(page.getByText(/^Минимальная сумма: 250,50\s\$\.$/)).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, ADMIN);
  await expect(staff).toHaveURL(/\/en\/home$/);
  await staff.goto('/en/administration/strategies');
  const row = staff.getByRole('listitem').filter({ hasText: name });
  await row.getByRole('button', { name: 'Hide…' }).click();
  await row.getByLabel(`Why hide ${name}?`).fill('Misleading description.');
  await row.getByRole('button', { name: 'Hide the strategy' }).click();
  await expect(row.getByText('Hidden because: Misleading description.')).toBeVisible();
  await expectNoAxeViolations(staff);
  await page.goto('/ru/investing');
  await expect(page.getByRole('region', { name: 'Ваши стратегии' }).getByText('Скрыта сотрудниками')).toBeVisible();
  await row.getByRole('button', { name: 'Show it again' }).click();
  await expect(row.locator('.status-badge', { hasText: 'Shown' })).toBeVisible();
  await staffContext.close();
});

test('the leaderboard of the seeded strategies is a list of cards that fits a 360 px phone, in Russian', async ({ page, request }) => {
  const client = await createClient(request, 'reader');
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/ru/investing');
  await expect(page.getByRole('heading', { level: 1, name: 'Инвестиции' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Стратегии' }).getByRole('listitem');
  await expect(cards.filter({ hasText: 'Gold Mean Reversion' })).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(3);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByLabel('Сортировка').selectOption('risk');
  await expect(page).toHaveURL(/sort=risk/);
  await page.getByRole('radio', { name: '7 дней' }).click();
  await expect(page).toHaveURL(/period=7d/);
  await expect(cards.first()).toContainText('Доходность, 7 дней');
  await axeBothThemes(page);
});
