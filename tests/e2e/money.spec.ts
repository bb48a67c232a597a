import { readFileSync } from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, CLIENT, createClient, expectNoAxeViolations, signIn } from './support';

/** Chooses the option whose text starts with `prefix` (an account number), once the list has it. */
async function choose(select: Locator, prefix: string) {
  const option = select.locator('option').filter({ hasText: new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  await expect(option).toHaveCount(1);
  await select.selectOption({ label: (await option.textContent())! });
}

async function signInFresh(page: Page, request: Parameters<typeof createClient>[0]) {
  const client = await createClient(request, 'money');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  return client;
}

/** Opens an account through the create dialog on home. */
async function openAccount(page: Page, currency: string, type: 'Live' | 'Demo') {
  // The empty state's call to action, or the section's button once an account exists.
  await page.getByRole('button', { name: /^Open (your first )?account$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a trading account' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Currency').selectOption({ label: currency });
  await dialog.getByRole('radio', { name: new RegExp(`^${type}`) }).check();
  await dialog.getByRole('button', { name: 'Open account' }).click();
  return dialog;
}

test('a new client opens accounts from home until the cap, where Open account is disabled and says why', async ({ page, request }) => {
  await signInFresh(page, request);
  await expect(page.getByRole('heading', { name: 'No trading accounts yet' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Open your first account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a trading account' });
  await dialog.getByRole('button', { name: 'Open account' }).click();
  await expect(dialog.getByText('The currency field is required.')).toBeVisible();
  await expect(dialog.getByLabel('Currency')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Currency').selectOption({ label: 'USD · US Dollar' });
  await dialog.getByRole('button', { name: 'Open account' }).click();
  await expect(dialog).toBeHidden();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Live');
  await expect(cards.first()).toContainText('$0.00');
  await expect(cards.first()).toContainText('1:100');
  await expect(cards.first().getByRole('heading')).toHaveText(/^[1-9]\d{7}$/);

  for (let i = 2; i <= 5; i++) {
    await expect(await openAccount(page, 'EUR · Euro', 'Demo')).toBeHidden();
    await expect(cards).toHaveCount(i);
  }
  // At the cap the section says so before anyone submits (the server's refusal is in its own tests).
  const openButton = page.getByRole('button', { name: 'Open account' });
  await expect(openButton).toBeDisabled();
  await expect(openButton).toHaveAccessibleDescription('Limit reached: at most 5 trading accounts per client.');
  await expect(page.getByText('Limit reached: at most 5 trading accounts per client.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/ua/home');
  await expect(page.getByRole('button', { name: 'Відкрити рахунок' })).toHaveAccessibleDescription('Досягнуто ліміту торгових рахунків на клієнта: 5.');
  await expect(cards).toHaveCount(5);
});

test('a demo account is topped up at once, funds move between accounts, both entries are in history and in the CSV', async ({ page, request }) => {
  await signInFresh(page, request);
  await openAccount(page, 'USD · US Dollar', 'Demo');
  await expect(page.getByRole('article')).toHaveCount(1);
  await openAccount(page, 'USD · US Dollar', 'Demo');
  await expect(page.getByRole('article')).toHaveCount(2);
  const [first, second] = await page.getByRole('article').getByRole('heading').allTextContents();

  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  await choose(page.getByLabel('Account'), first!);
  await page.getByLabel('Amount, USD').fill('500');
  await page.getByRole('button', { name: 'Deposit funds' }).click();
  await expect(page.getByRole('status').filter({ hasText: `$500.00 credited to ${first}.` })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('radio', { name: 'Transfer', exact: true }).click();
  await choose(page.getByLabel('From account'), first!);
  await choose(page.getByLabel('To account'), second!);
  await page.getByLabel('Amount, USD').fill('120.50');
  await page.getByRole('button', { name: 'Transfer funds' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Transferred $120.50 from ${first} to ${second}.` })).toBeVisible();
  const balances = page.getByRole('region', { name: 'Your balances' });
  await expect(balances.getByRole('listitem').filter({ hasText: first! })).toContainText('$379.50');
  await expect(balances.getByRole('listitem').filter({ hasText: second! })).toContainText('$120.50');

  await page.goto('/en/history');
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'Transfer out' })).toContainText(`to ${second}`);
  await expect(rows.filter({ hasText: 'Transfer out' })).toContainText('-$120.50');
  await expect(rows.filter({ hasText: 'Transfer in' })).toContainText('+$120.50');
  await expect(rows.filter({ hasText: 'Deposit' })).toContainText('+$500.00');
  await expect(page.getByText('3 operations')).toBeVisible();
  await page.getByLabel('Type').selectOption('transfer_in');
  await expect(page.getByText('1 operation', { exact: true })).toBeVisible();
  // The filter lives in the address: a reload (or a shared link) keeps it.
  await expect(page).toHaveURL(/[?&]type=transfer_in/);
  await page.reload();
  await expect(page.getByLabel('Type')).toHaveValue('transfer_in');
  await expect(page.getByText('1 operation', { exact: true })).toBeVisible();
  await page.getByLabel('Type').selectOption('');
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^traderoom-history-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8').trimEnd().split('\r\n');
  expect(csv[0]).toBe('date,reference,account,kind,status,amount,currency,counterparty_account');
  const body = csv.slice(1).map((line) => line.split(',').slice(2));
  expect(body).toEqual([
    [second, 'transfer_in', 'completed', '120.50', 'USD', first],
    [first, 'transfer_out', 'completed', '-120.50', 'USD', second],
    [first, 'deposit', 'completed', '500.00', 'USD', ''],
  ]);
});

async function asAdmin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/en\/home$/);
  return { context, page };
}

test('a live deposit waits for staff; an admin approves it and the client sees the money', async ({ page, request, browser }) => {
  await signInFresh(page, request);
  await openAccount(page, 'USD · US Dollar', 'Live');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.goto('/en/wallet');
  await page.getByLabel('Amount, USD').fill('250');
  await page.getByRole('button', { name: 'Deposit funds' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'It is credited once our staff approve it.' });
  await expect(notice).toBeVisible();
  const reference = /DEP-[A-Z2-9]{10}/.exec((await notice.textContent()) ?? '')![0];

  const admin = await asAdmin(browser);
  await admin.page.goto('/en/administration/requests');
  await expect(admin.page.getByRole('link', { name: 'Requests' })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(admin.page);
  await admin.page.getByRole('button', { name: `Approve ${reference}` }).click();
  await expect(admin.page.getByRole('status').filter({ hasText: `Request ${reference} approved.` })).toBeVisible();
  await expect(admin.page.getByRole('button', { name: `Approve ${reference}` })).toHaveCount(0);
  await admin.context.close();

  await page.goto('/en/home');
  await expect(page.getByRole('article').first()).toContainText('$250.00');
  await page.goto('/en/history');
  await expect(page.getByRole('row').filter({ hasText: reference })).toContainText('Completed');
});

test('the analytics screen draws the demo client\'s balance and changes range', async ({ page }) => {
  await signIn(page, CLIENT);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.locator('.chart-box canvas').first()).toBeVisible();
  await page.getByRole('radio', { name: 'All time' }).click();
  await expect(page.getByRole('radio', { name: 'All time' })).toBeChecked();
  await expect(page.getByText('Balance now')).toBeVisible();
  await expectNoAxeViolations(page);
});

for (const theme of ['light-theme', 'dark-theme'] as const) {
  test(`axe finds nothing on the money screens of a client with history in the ${theme}`, async ({ page, context }) => {
    await context.addCookies([{ name: 'user-theme', value: theme, url: 'http://127.0.0.1' }]);
    await signIn(page, CLIENT);
    await expect(page).toHaveURL(/\/en\/home$/);
    for (const path of ['/en/home', '/en/wallet', '/en/history', '/en/analytics']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
  });
}

test('amounts are typed as each language writes them: "250,50" in ru, "1,000" in en; "1,5" in en is refused, not guessed', async ({ page, request }) => {
  await signInFresh(page, request);
  await openAccount(page, 'USD · US Dollar', 'Demo');
  await expect(page.getByRole('article')).toHaveCount(1);
  const [number] = await page.getByRole('article').getByRole('heading').allTextContents();

  await page.goto('/en/wallet');
  await page.getByLabel('Amount, USD').fill('1,5');
  await page.getByRole('button', { name: 'Deposit funds' }).click();
  await expect(page.getByText('Type the amount as a number, for example 1,250.50.')).toBeVisible();
  await expect(page.getByLabel('Amount, USD')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Amount, USD').fill('1,000');
  await page.getByRole('button', { name: 'Deposit funds' }).click();
  await expect(page.getByRole('status').filter({ hasText: `$1,000.00 credited to ${number}.` })).toBeVisible();

  await page.goto('/ru/wallet');
  const amount = page.getByLabel('Сумма, USD');
  await expect(amount).toHaveAttribute('placeholder', '0,00');
  await amount.fill('250,50');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^250,50\s\$ зачислено на счёт/ })).toBeVisible();
  // Grouped with a no-break space, as the balances on the same screen are written.
  await amount.fill('1\u00A0000,25');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^1\s000,25\s\$ зачислено на счёт/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ваши балансы' }).getByRole('listitem')).toContainText(/2\s250,75\s\$/);
});

for (const theme of ['light-theme', 'dark-theme'] as const) {
  test(`each status and account type has its own badge colour in the ${theme}, also after the settings screen's styles loaded`, async ({ page, context }) => {
    await context.addCookies([{ name: 'user-theme', value: theme, url: 'http://127.0.0.1' }]);
    await signIn(page, CLIENT);
    await expect(page).toHaveURL(/\/en\/home$/);
    // Settings brings its own stylesheet; it once painted every badge green.
    await page.goto('/en/settings/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    const colours = new Map<string, string>();
    const paint = async (badge: Locator) => {
      await expect(badge).toBeVisible();
      return badge.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.color} on ${style.backgroundColor}`;
      });
    };

    await nav.getByRole('link', { name: 'History' }).click();
    for (const status of ['pending', 'completed', 'rejected'] as const) {
      await page.getByLabel('Status').selectOption(status);
      colours.set(status, await paint(page.locator(`tbody .badge-${status}`).first()));
    }
    await expectNoAxeViolations(page);
    await nav.getByRole('link', { name: 'Wallet' }).click();
    const balances = page.getByRole('region', { name: 'Your balances' });
    for (const type of ['live', 'demo'] as const) colours.set(type, await paint(balances.locator(`.badge-${type}`).first()));
    await expectNoAxeViolations(page);

    const backgrounds = [...colours.values()].map((paint) => paint.split(' on ')[1]);
    const texts = [...colours.values()].map((paint) => paint.split(' on ')[0]);
    expect(new Set(backgrounds).size, JSON.stringify(Object.fromEntries(colours))).toBe(5);
    expect(new Set(texts).size, JSON.stringify(Object.fromEntries(colours))).toBe(5);
  });
}

test('staff give the client a reason to reject a request; Cancel changes nothing, and the client reads the reason in History', async ({ page, request, browser }) => {
  await signInFresh(page, request);
  await openAccount(page, 'USD · US Dollar', 'Live');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.goto('/en/wallet');
  // The first method of the catalogue (a bank wire) takes $100 at least: $75 goes by card.
  await page.getByRole('group', { name: 'How you pay' }).getByRole('radio', { name: /Visa \/ Mastercard/ }).check();
  await page.getByLabel('Amount, USD').fill('75');
  await page.getByRole('button', { name: 'Deposit funds' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'It is credited once our staff approve it.' });
  await expect(notice).toBeVisible();
  const reference = /DEP-[A-Z2-9]{10}/.exec((await notice.textContent()) ?? '')![0];

  const admin = await asAdmin(browser);
  await admin.page.goto('/en/administration/requests');
  const reject = admin.page.getByRole('button', { name: `Reject ${reference}` });
  await reject.click();
  const ask = admin.page.getByRole('dialog', { name: `Reject request ${reference}?` });
  await expect(ask).toContainText('The client sees the request as rejected, with your reason. This cannot be undone.');
  await expectNoAxeViolations(admin.page);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(reject).toBeEnabled();

  await reject.click();
  await ask.getByRole('button', { name: 'Reject request' }).click();
  await expect(ask.getByText('The reason field is required.')).toBeVisible();
  await ask.getByLabel('Reason, shown to the client').fill('The card belongs to someone else.');
  await ask.getByRole('button', { name: 'Reject request' }).click();
  await expect(admin.page.getByRole('status').filter({ hasText: `Request ${reference} rejected.` })).toBeVisible();
  await admin.context.close();

  await page.goto('/en/history');
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Rejected');
  await expect(row).toContainText('The card belongs to someone else.');
});
