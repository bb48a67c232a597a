import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createClient, expectNoAxeViolations, signIn } from './support';

/** Opens a USD demo account from home and funds it in the wallet; answers its login. */
async function fundedDemoAccount(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^Open (your first )?account$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a trading account' });
  await dialog.getByLabel('Currency').selectOption({ label: 'USD · US Dollar' });
  await dialog.getByRole('radio', { name: /^Demo/ }).check();
  await dialog.getByRole('button', { name: 'Open account' }).click();
  await expect(dialog).toBeHidden();
  const login = (await page.getByRole('article').first().getByRole('heading').textContent())!.trim();
  expect(login).toMatch(/^[1-9]\d{7}$/);

  await page.goto('/en/wallet');
  await page.getByLabel('Amount, USD').fill('10000');
  await page.getByRole('button', { name: 'Deposit funds' }).click();
  await expect(page.getByRole('status').filter({ hasText: `$10,000.00 credited to ${login}.` })).toBeVisible();
  return login;
}

test('a client buys on a demo account, watches the profit move live, closes, and finds the deal in the deals and the statement', async ({ page, request }) => {
  const client = await createClient(request, 'trading');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  const login = await fundedDemoAccount(page);

  // Home's card leads to the account's page.
  await page.goto('/en/home');
  await page.getByRole('article').getByRole('link', { name: login }).click();
  await expect(page).toHaveURL(new RegExp(`/en/accounts/${login}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(login);
  await expect(page.getByText(/Prices on this platform are simulated/)).toBeVisible();
  await expect(page.getByText('No open positions. Place an order with the ticket.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Bitcoin trades every day; the currencies and the index close at the weekend.
  await page.getByLabel('Instrument').selectOption('BTCUSD');
  await page.getByLabel('Volume, lots').fill('0.1');
  await page.getByRole('button', { name: 'Buy BTCUSD' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Bought 0\.10 lots of BTCUSD at [\d,]+\.\d{2}\. Position #\d+\.$/ })).toBeVisible();
  const row = page.getByRole('table', { name: 'Open positions' }).getByRole('row').nth(1);
  await expect(row).toContainText('BTCUSD');

  // The profit moves with the platform's account.state events: wait for the next one to change it.
  const profit = row.getByRole('cell', { name: /^Profit of Buy 0\.10 BTCUSD/ });
  const before = (await profit.textContent())!;
  await expect(profit).not.toHaveText(before, { timeout: 20_000 });
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: 'Close Buy 0.10 BTCUSD' }).click();
  const confirm = page.getByRole('dialog', { name: /^Close position #\d+\?$/ });
  await confirm.getByRole('button', { name: 'Close position' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Position #\d+ closed at [\d,]+\.\d{2}: [+-]?\$[\d,.]+\.$/ })).toBeVisible();
  await expect(page.getByText('No open positions. Place an order with the ticket.')).toBeVisible();

  const deals = page.getByRole('region', { name: 'Deals' });
  await expect(deals.getByRole('row').filter({ hasText: 'Buy · open' })).toContainText('BTCUSD');
  const closing = deals.getByRole('row').filter({ hasText: 'Sell · close' });
  await expect(closing).toContainText('BTCUSD');
  const dealTicket = (await closing.locator('.c-op .cell-sub').textContent())!.trim();

  await page.getByRole('link', { name: 'Open statement' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/accounts/${login}/statement\\?from=\\d{4}-\\d\\d-\\d\\d&to=\\d{4}-\\d\\d-\\d\\d$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Account statement' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: dealTicket })).toContainText('Sell · close');
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv).toContain(dealTicket.replace('#', ''));
  expect(csv).toContain('BTCUSD');
});
