import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiHeaders, createClient, expectNoAxeViolations, signIn } from './support';

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
 * A provider offering a strategy on a demo account of their own: the spec trades it through the
 * same API a client's trading screen uses, so the copy does not wait for a seeded bot's signal.
 */
async function offeredStrategy(request: APIRequestContext, name: string) {
  const provider = await createClient(request, 'provider');
  const headers = await apiHeaders(request, provider.email, provider.password);
  const account = await fundedDemoAccount(request, headers, '20000');
  const offered = await request.post('/api/investing/my-strategies', {
    headers,
    data: {
      account_id: account.id,
      name,
      descriptions: { en: 'Buys strength in bitcoin and cuts losers quickly.', ru: 'Покупает силу в биткоине и быстро режет убытки.' },
      performance_fee_percent: 20,
      management_fee_percent: 2,
      min_investment: '100',
      visibility: 'public',
    },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  // 1 lot: a follower with 1/20 of the strategy's equity copies 0.05 lots, above the instrument's minimum.
  const trade = (side: 'buy' | 'sell') =>
    request.post(`/api/accounts/${account.number}/orders`, {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: { symbol: 'BTCUSD', side, volume: 1, stop_loss: null, take_profit: null },
    });
  return { trade };
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

test('a client follows a strategy, sees a copied trade, sets a stop-loss, withdraws part, reads the fee statement and unsubscribes', async ({ page, request }) => {
  test.setTimeout(180_000);
  const name = `Momentum BTC ${Date.now()}`;
  const strategy = await offeredStrategy(request, name);
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
  await expect(page.getByText('Minimum investment: $100.00.')).toBeVisible();
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
  await expect(copied).toContainText('Strategy 1 lots → you 0.05 lots');

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

test('the leaderboard is a list of cards that fits a 360 px phone, in Russian', async ({ page, request }) => {
  await offeredStrategy(request, `Тренд ${Date.now()}`);
  const client = await createClient(request, 'reader');
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/ru/investing');
  await expect(page.getByRole('heading', { level: 1, name: 'Инвестиции' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Стратегии' }).getByRole('listitem').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('radio', { name: '7 дней' }).click();
  await expect(page).toHaveURL(/period=7d/);
  await axeBothThemes(page);
});
