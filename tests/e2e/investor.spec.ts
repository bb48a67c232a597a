import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { ADMIN, apiHeaders, appPath, createClient, expectNoAxeViolations, linkTo, receivedMail, signIn, uniqueEmail } from './support';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const PASSWORD = 'correct horse battery';
const totpAt = (secret: string, at: number) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: at });

/** A staff page in a context of its own, signed in from the demo admin's remembered device. */
async function staffPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/en\/home$/);
  return page;
}

/**
 * The referred client's money and trading, as a client does it through the API (the wallet and
 * the trading screens have their own specs): identity approved by staff, a live USD account, a
 * live deposit staff approve, then a deal opened and closed on BTCUSD (it trades every day).
 */
async function fundAndTrade(request: APIRequestContext, email: string): Promise<{ deposit: string; tickets: number[] }> {
  const headers = await apiHeaders(request, email, PASSWORD);
  const staff = await apiHeaders(request, ADMIN);
  for (const kind of ['identity', 'address']) {
    const uploaded = await request.post('/api/verification/documents', { headers, multipart: { kind, file: { name: `${kind}.png`, mimeType: 'image/png', buffer: PNG } } });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const approved = await request.post(`/api/admin/verifications/${((await uploaded.json()) as { id: number }).id}/approve`, { headers: staff });
    expect(approved.status(), await approved.text()).toBe(200);
  }
  const currencies = (await (await request.get('/api/currencies', { headers })).json()) as Array<{ id: number; code: string }>;
  const opened = await request.post('/api/trading-account/create', { headers, data: { currency_id: currencies.find((c) => c.code === 'USD')!.id, type: 'live' } });
  expect(opened.status(), await opened.text()).toBe(201);
  const account = (await opened.json()) as { id: number; number: string };
  const methods = (await (await request.get('/api/payment-methods?currency=USD&direction=deposit', { headers })).json()) as Array<{ id: number; min_amount: number }>;
  const method = methods.sort((a, b) => a.min_amount - b.min_amount)[0]!.id;
  const deposit = await request.post('/api/wallet/deposit', { headers: { ...headers, 'idempotency-key': randomUUID() }, data: { account_id: account.id, amount: '5000', payment_method_id: method } });
  expect(deposit.status(), await deposit.text()).toBe(201);
  const request_ = (await deposit.json()) as { id: number; reference: string };
  const credited = await request.post(`/api/admin/wallet-requests/${request_.id}/approve`, { headers: staff });
  expect(credited.status(), await credited.text()).toBe(200);

  const order = await request.post(`/api/accounts/${account.number}/orders`, {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: { symbol: 'BTCUSD', side: 'buy', volume: 0.1 },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { position, deal } = (await order.json()) as { position: { ticket: number }; deal: { ticket: number } };
  const closed = await request.post(`/api/accounts/${account.number}/positions/${position.ticket}/close`, { headers });
  expect(closed.status(), await closed.text()).toBe(200);
  return { deposit: request_.reference, tickets: [deal.ticket, ((await closed.json()) as { ticket: number }).ticket] };
}

test('a client becomes a partner, a visitor registers through the link, deposits and trades, and the partner sees the client and the rewards traced to those deals', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const partner = await createClient(request, 'partner');
  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/en\/home$/);

  // The program's page from the main navigation, and the application.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Partner program' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Partner program' })).toBeVisible();
  await page.getByLabel('Website or channel (optional)').fill('https://t.me/e2e-fx');
  await page.getByLabel('How you will bring clients').fill('A channel about currencies with 5,000 readers; I expect ten clients a month.');
  await page.getByRole('checkbox', { name: /I accept the partner terms/ }).check();
  await page.getByRole('button', { name: 'Send application' }).click();
  const status = page.getByRole('region', { name: 'Your application' });
  await expect(status.getByText('Under review')).toBeVisible();
  await expect(status.getByRole('list', { name: 'Steps of your application' })).toContainText('Application sent');
  await expectNoAxeViolations(page);

  // Staff approve it in the administration.
  const staff = await staffPage(browser);
  await staff.goto('/en/administration/partners');
  const application = staff.getByRole('listitem').filter({ hasText: partner.email });
  await application.getByRole('button', { name: /^Approve / }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'is now a partner.' })).toBeVisible();
  await expectNoAxeViolations(staff);

  // The partner's sections; a link with its address and QR code.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Partner program sections' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Partner wallet' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Partner program sections' }).getByRole('link', { name: 'Links' }).click();
  await page.getByLabel('Campaign name').fill('E2E channel');
  await page.getByRole('button', { name: 'Create link' }).click();
  const address = page.getByRole('textbox', { name: 'Address of E2E channel' });
  await expect(address).toHaveValue(/\/r\/[a-z0-9]+$/);
  await expect(page.getByRole('img', { name: 'QR code of E2E channel' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the QR code of E2E channel as SVG' }).click();
  expect((await download).suggestedFilename()).toMatch(/^traderoom-[a-z0-9]+\.svg$/);
  await expectNoAxeViolations(page);
  const url = await address.inputValue();

  // A new visitor, in a browser of their own, in Russian: the link leads to the Russian register screen.
  const visitorContext = await browser.newContext({ locale: 'ru-RU' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(url);
  await expect(visitor).toHaveURL(/\/ru\/register$/);
  const email = uniqueEmail('referred');
  const surname = `Referral${Date.now() % 100000}`;
  await visitor.locator('input[name=first_name]').fill('Iryna');
  await visitor.locator('input[name=second_name]').fill(surname);
  await visitor.locator('input[name=email]').fill(email);
  await visitor.locator('input[name=password]').fill(PASSWORD);
  await visitor.locator('input[name=password_confirmation]').fill(PASSWORD);
  await visitor.locator('button[type=submit]').click();
  const mail = await receivedMail(email, /./);
  await visitor.goto(appPath(linkTo(mail, '/email/verify/')));
  await expect(visitor.getByRole('link', { name: 'Войти' })).toBeVisible();
  await visitorContext.close();

  const { tickets } = await fundAndTrade(request, email);
  // The daily reward job, run now for today's deals through the staff's hook.
  const accrued = await request.post('/api/admin/partners/accrue', { headers: await apiHeaders(request, ADMIN), data: { day: new Date().toISOString().slice(0, 10) } });
  expect(accrued.status(), await accrued.text()).toBe(200);
  await staff.context().close();

  // The partner sees the client, verified and funded, and the rewards traced to those deals.
  await page.getByRole('navigation', { name: 'Partner program sections' }).getByRole('link', { name: 'Clients' }).click();
  const client = page.getByRole('row').filter({ hasText: `Iryna ${surname}` });
  await expect(client).toContainText('Verified');
  await expect(client).toContainText('Funded');
  await expect(client).toContainText('E2E channel');
  await expect(client).not.toContainText(email);
  await expectNoAxeViolations(page);

  await page.getByRole('navigation', { name: 'Partner program sections' }).getByRole('link', { name: 'Rewards' }).click();
  const dealLines = page.getByRole('row').filter({ hasText: new RegExp(`Deal #(${tickets.join('|')})(?!\\d)`) });
  await expect(dealLines.first()).toContainText(`Iryna ${surname}`);
  await expect(dealLines.first()).toContainText('BTCUSD');
  await expect(dealLines.first()).toContainText('0.1 lots');
  await expect(dealLines.first()).toContainText('per lot');
  await expectNoAxeViolations(page);

  await page.getByRole('navigation', { name: 'Partner program sections' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('img', { name: 'Rewards per day' })).toBeVisible();
});

test('a registration from the partner’s own trusted browser is held for staff, who count it, and the partner then sees the client', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // A partner with an authenticator app (enrolled through the API), made a partner by staff, with a link.
  const partner = await createClient(request, 'own-device');
  const headers = await apiHeaders(request, partner.email, partner.password);
  const { secret } = (await (await request.post('/api/security/totp', { headers })).json()) as { secret: string };
  const enrolledAt = Date.now();
  expect((await request.post('/api/security/totp/confirm', { headers, data: { code: totpAt(secret, enrolledAt) } })).status()).toBe(200);
  const staffHeaders = await apiHeaders(request, ADMIN);
  const me = (await (await request.get('/api/user', { headers })).json()) as { id: number };
  expect((await request.post('/api/admin/partners', { headers: staffHeaders, data: { user_id: me.id } })).status()).toBe(201);
  const link = (await (await request.post('/api/partner/links', { headers, data: { campaign: 'Own device' } })).json()) as { url: string };

  // The partner signs in in their browser and trusts it (the second step's "remember this device").
  const own = await browser.newContext();
  const page = await own.newPage();
  await page.goto('/en/login');
  await page.getByLabel('E-mail').fill(partner.email);
  await page.getByLabel('Password').fill(partner.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const step = page.getByRole('form', { name: 'Two-factor authentication' });
  // The code used for the enrolment is spent: the next one (the neighbouring step counts).
  await step.getByLabel('Authentication code').fill(totpAt(secret, enrolledAt + 30_000));
  await step.getByLabel('Remember this device for 30 days').check();
  await step.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/en\/home$/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en\/login/);

  // Then, in that same browser, someone registers through the partner's own link.
  await page.goto(new URL(link.url).pathname + '?lang=en');
  await expect(page).toHaveURL(/\/en\/register$/);
  const email = uniqueEmail('own-device-client');
  const surname = `Held${Date.now() % 100000}`;
  await page.locator('input[name=first_name]').fill('Petro');
  await page.locator('input[name=second_name]').fill(surname);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('input[name=password_confirmation]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await receivedMail(email, /./);

  // Held: the partner does not see the client yet.
  const clientsBefore = (await (await request.get('/api/partner/clients', { headers })).json()) as { clients: unknown[] };
  expect(clientsBefore.clients).toEqual([]);

  // Staff see it under flagged registrations, traced to the partner's device, and count it.
  const staff = await staffPage(browser);
  await staff.goto('/en/administration/partners');
  await staff.getByRole('radio', { name: 'Flagged registrations' }).click();
  const flag = staff.getByRole('listitem').filter({ hasText: email });
  await expect(flag).toContainText('Own device');
  await expectNoAxeViolations(staff);
  await flag.getByRole('button', { name: /^Count Petro / }).click();
  await expect(staff.getByRole('status').filter({ hasText: `Petro ${surname} counts for` })).toBeVisible();
  await staff.context().close();

  // The partner signs in again in their browser (trusted: no second step) and sees the client.
  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/investor/clients');
  await expect(page.getByRole('row').filter({ hasText: `Petro ${surname}` })).toContainText('Own device');
  await own.close();
});

for (const theme of ['light-theme', 'dark-theme'] as const) {
  test(`axe finds nothing on the partner program's pages in the ${theme}`, async ({ page, context, request }) => {
    test.setTimeout(90_000);
    await context.addCookies([{ name: 'user-theme', value: theme, url: 'http://127.0.0.1' }]);
    const client = await createClient(request, `axe-partner-${theme}`);
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/en\/home$/);
    await page.goto('/en/investor');
    await expect(page.getByRole('heading', { name: 'Apply to become a partner' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Made a partner directly by staff: every section of the partner's.
    const staff = await apiHeaders(request, ADMIN);
    const me = (await (await request.get('/api/user', { headers: await apiHeaders(request, client.email, client.password) })).json()) as { id: number };
    const made = await request.post('/api/admin/partners', { headers: staff, data: { user_id: me.id } });
    expect(made.status(), await made.text()).toBe(201);
    for (const section of ['', '/links', '/clients', '/rewards', '/payouts', '/sub-partners']) {
      await page.goto(`/en/investor${section}`);
      await expect(page.getByRole('navigation', { name: 'Partner program sections' })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}

test('staff find the partner administration in its tabs, with each view', async ({ browser }) => {
  const staff = await staffPage(browser);
  await staff.goto('/en/administration');
  await staff.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Partners' }).click();
  await expect(staff).toHaveURL(/\/en\/administration\/partners$/);
  const headings = { Plans: 'Reward plans', Partners: 'Partners', 'Flagged registrations': 'Flagged registrations', Withdrawals: 'Partner withdrawals' } as const;
  for (const [view, heading] of Object.entries(headings)) {
    await staff.getByRole('radio', { name: view }).click();
    await expect(staff.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    await expectNoAxeViolations(staff);
  }
  await staff.context().close();
});
