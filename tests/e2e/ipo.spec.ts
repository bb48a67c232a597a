import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { openOffering, uploadProspectus } from './ipo-offering';
import { ADMIN, apiHeaders, createClient, DEMO_PASSWORD, expectNoAxeViolations, signIn } from './support';

test('a client passes the test and applies; staff price and allocate; the client sees the allocation and the released funds', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const client = await createClient(request, 'ipo');
  const headers = await apiHeaders(request, client.email, client.password);
  const currencies = (await (await request.get('/api/currencies', { headers })).json()) as Array<{ id: number; code: string }>;
  const usd = currencies.find((c) => c.code === 'USD')!.id;
  // Only live money buys IPO shares: a live account, funded by a deposit staff approve.
  const opened = (await (await request.post('/api/trading-account/create', { headers, data: { currency_id: usd, type: 'live' } })).json()) as { id: number; number: string };
  const methods = (await (await request.get('/api/payment-methods?currency=USD&direction=deposit', { headers })).json()) as Array<{ id: number; min_amount: number }>;
  const method = methods.sort((a, b) => a.min_amount - b.min_amount)[0]!.id;
  const deposit = await request.post('/api/wallet/deposit', { headers: { ...headers, 'idempotency-key': randomUUID() }, data: { account_id: opened.id, amount: '1000', payment_method_id: method } });
  expect(deposit.status(), await deposit.text()).toBe(201);
  const staffApi = await apiHeaders(request, ADMIN, DEMO_PASSWORD);
  const approved = await request.post(`/api/admin/wallet-requests/${((await deposit.json()) as { id: number }).id}/approve`, { headers: staffApi });
  expect(approved.status(), await approved.text()).toBe(200);
  const company = `Voltaic Storage ${Date.now()}`;
  const offeringId = await openOffering(request, staffApi, { company });
  await uploadProspectus(request, staffApi, offeringId, 'volt-prospectus.pdf');

  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'IPO' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'IPO' })).toBeVisible();
  await page.getByRole('link', { name: company }).click();
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  const [prospectus] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Prospectus \(PDF, / }).click()]);
  expect(prospectus.suggestedFilename()).toBe('volt-prospectus.pdf');

  // The appropriateness test: a wrong answer first would lock it for a day, so the right ones.
  await expect(page.getByRole('heading', { name: 'Before your first application' })).toBeVisible();
  await page.getByLabel('Possibly fewer than I applied for, or none').check();
  await page.getByLabel('A price range; the final price is set after the window closes').check();
  await page.getByLabel('Shares may not be sold for a while after the offering').check();
  await page.getByLabel('Yes, I can lose part or all of the amount').check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Submit answers' }).click();

  await expect(page.getByRole('heading', { name: 'Apply' })).toBeVisible();
  await page.getByLabel('Amount').fill('500');
  await page.getByRole('button', { name: 'Apply and hold the amount' }).click();
  const application = page.getByTestId('ipo-application');
  await expect(application).toContainText(`$500.00 is held on account ${opened.number}`);
  await page.goto('/en/home');
  await expect(page.getByRole('heading', { name: 'IPO holdings' })).toBeVisible();
  await expect(page.getByText(`$500.00 held on account ${opened.number}`)).toBeVisible();

  // Staff close the window, set the price inside the range and allocate 10 shares of the 20 asked.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, ADMIN);
  await expect(staff).toHaveURL(/\/en\/home$/);
  await staff.goto('/en/administration/ipo');
  const card = staff.getByTestId(`ipo-offering-${offeringId}`);
  await expect(card).toContainText('1 application holding $500.00');
  await card.getByRole('button', { name: 'Close the window' }).click();
  await card.getByLabel('Final price per share, USD').fill('25');
  await expect(card.getByLabel('Hours to reconfirm')).toHaveValue('48');
  await card.getByRole('button', { name: 'Set the final price' }).click();
  await expect(card).toContainText('Final price $25.00');
  await card.getByRole('button', { name: 'Preview the allocation' }).click();
  await expect(card.getByRole('table')).toContainText('Test Client');
  await expect(card).toContainText('20 shares asked, 10 of 10 allocated');
  await card.getByRole('button', { name: 'Confirm the allocation' }).click();
  await expect(card).toContainText('Allocated');
  await card.getByText('Timeline').click();
  await expect(card.getByRole('list', { name: 'Timeline' })).toContainText('Final price set · by');
  await expect(card.getByRole('list', { name: 'Timeline' })).toContainText('Allocated · by');
  await staffContext.close();

  await page.goto(`/en/ipo/${offeringId}`);
  const allocation = page.getByTestId('ipo-allocation');
  await expect(allocation).toContainText('10 shares');
  await expect(allocation).toContainText('$25.00');
  await expect(allocation).toContainText('Paid from the hold$250.00');
  await expect(allocation).toContainText('Released to your account$250.00');
  await expect(allocation).toContainText('Rule applied: pro-rata');
  // The released half is available again at once: $1,000 less the $250 paid.
  const accounts = (await (await request.get('/api/trading-account', { headers })).json()) as Array<{ id: number; available: number; balance: number }>;
  expect(accounts.find((a) => a.id === opened.id)).toMatchObject({ balance: 75_000, available: 75_000 });
  await page.goto('/en/home');
  await expect(page.getByText(/10 shares at \$25\.00 · lock-up until/)).toBeVisible();
});
