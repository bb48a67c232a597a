import { expect, type Page, test } from '@playwright/test';
import { ADMIN, createClient, expectNoAxeViolations, signIn } from './support';

/** A fresh client (e-mail verified, identity not) with one live USD account, on the wallet. */
async function freshClientOnWallet(page: Page, request: Parameters<typeof createClient>[0]) {
  const client = await createClient(request, 'wallet-methods');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.getByRole('button', { name: 'Open your first account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a trading account' });
  await dialog.getByLabel('Currency').selectOption({ label: 'USD · US Dollar' });
  await dialog.getByRole('radio', { name: /^Live/ }).check();
  await dialog.getByRole('button', { name: 'Open account' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.goto('/en/wallet');
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
}

test('a live deposit goes by a chosen payment method with its fee shown; a withdrawal before verification is refused with a way to verify', async ({ page, request }) => {
  await freshClientOnWallet(page, request);

  const methods = page.getByRole('group', { name: 'How you pay' });
  const card = methods.getByRole('radio', { name: /Visa \/ Mastercard/ });
  await expect(methods.getByRole('radio')).not.toHaveCount(0);
  await card.check();
  await expect(card).toBeChecked();
  await page.getByLabel('Amount, USD').fill('200');
  const fee = page.locator('.fee-summary');
  // The method's own fee for $200.00, paid on top; the account gets the amount.
  await expect(fee).toContainText('Fee');
  await expect(fee).toContainText('Arrives on the account$200.00');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Deposit funds' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Deposit request DEP-\w+ for \$200\.00 received/ })).toBeVisible();

  await page.getByRole('radio', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByRole('group', { name: 'How you receive the funds' })).toBeVisible();
  await page.getByLabel('Amount, USD').fill('50');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  const notice = page.getByRole('alert').filter({ has: page.getByRole('link', { name: 'Verify your identity' }) });
  await expect(notice).toBeVisible();
  await expectNoAxeViolations(page);

  // The same refusal in Russian, worded by the server in the reader's language.
  await page.goto('/ru/wallet');
  await page.getByRole('radio', { name: 'Вывести', exact: true }).click();
  await page.getByRole('group', { name: 'Как вы получите средства' }).getByRole('radio', { name: /Visa \/ Mastercard/ }).check();
  await page.getByLabel('Сумма, USD').fill('50,00');
  await page.getByRole('button', { name: 'Запросить вывод' }).click();
  const link = page.getByRole('alert').getByRole('link', { name: 'Подтвердить личность' });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/ru\/settings\/verification$/);
});

for (const theme of ['light-theme', 'dark-theme'] as const) {
  test(`axe finds nothing on the staff money screens, the method dialog open with its errors, in the ${theme}`, async ({ page, context }) => {
    await context.addCookies([{ name: 'user-theme', value: theme, url: 'http://127.0.0.1' }]);
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/en\/home$/);
    await page.goto('/en/administration/reconciliation');
    await expect(page.getByRole('heading', { name: 'Ledger and platform' })).toBeVisible();
    await expect(page.getByText(/accounts? checked/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Payment methods' }).click();
    await expect(page.getByRole('region', { name: 'USD' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add method' }).click();
    const dialog = page.getByRole('dialog', { name: 'New payment method' });
    await dialog.getByRole('button', { name: 'Add method' }).click();
    await expect(dialog.getByLabel('Currency')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
  });
}
