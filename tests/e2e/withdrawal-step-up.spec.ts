import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, apiHeaders, createClient, receivedMail, signIn } from './support';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

/** A client whose identity staff approved, holding a live USD account with $1,000.00 staff credited. */
async function verifiedClientWithMoney(request: APIRequestContext) {
  const client = await createClient(request, 'step-up');
  const headers = await apiHeaders(request, client.email, client.password);
  const staff = await apiHeaders(request, ADMIN);
  for (const kind of ['identity', 'address']) {
    const uploaded = await request.post('/api/verification/documents', { headers, multipart: { kind, file: { name: `${kind}.png`, mimeType: 'image/png', buffer: PNG } } });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const approved = await request.post(`/api/admin/verifications/${((await uploaded.json()) as { id: number }).id}/approve`, { headers: staff });
    expect(approved.status(), await approved.text()).toBe(200);
  }
  const currencies = (await (await request.get('/api/currencies', { headers })).json()) as Array<{ id: number; code: string }>;
  const opened = await request.post('/api/trading-account/create', { headers, data: { currency_id: currencies.find((c) => c.code === 'USD')!.id, type: 'live' } });
  const account = (await opened.json()) as { id: number };
  const methods = (await (await request.get('/api/payment-methods?currency=USD&direction=deposit', { headers })).json()) as Array<{ id: number; min_amount: number }>;
  const method = methods.sort((a, b) => a.min_amount - b.min_amount)[0]!.id;
  const deposit = await request.post('/api/wallet/deposit', { headers: { ...headers, 'idempotency-key': randomUUID() }, data: { account_id: account.id, amount: '1000', payment_method_id: method } });
  expect(deposit.status(), await deposit.text()).toBe(201);
  const credited = await request.post(`/api/admin/wallet-requests/${((await deposit.json()) as { id: number }).id}/approve`, { headers: staff });
  expect(credited.status(), await credited.text()).toBe(200);
  return client;
}

test('a live withdrawal asks the client to confirm it is them; a wrong password keeps the dialog and the request, the right one sends it once', async ({ page, request }) => {
  const client = await verifiedClientWithMoney(request);
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/wallet');
  await page.getByRole('radio', { name: 'Withdraw', exact: true }).click();
  await page.getByRole('group', { name: 'How you receive the funds' }).getByRole('radio', { name: /Visa \/ Mastercard/ }).check();
  await page.getByLabel('Amount, USD').fill('50');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();

  // No second factor on this account: the step-up asks for the password.
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp.getByText('Enter your password to continue.')).toBeVisible();
  await stepUp.getByLabel('Password').fill('not-the-password');
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp.getByRole('alert')).toBeVisible();
  await expect(stepUp).toBeVisible();

  await stepUp.getByLabel('Password').fill(client.password);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /Withdrawal request WDR-\w+ for \$50\.00 received/ })).toBeVisible();

  // Sent once: the retried request carried the same idempotency key.
  const headers = await apiHeaders(request, client.email, client.password);
  const history = (await (await request.get('/api/history?kind=withdrawal', { headers })).json()) as { data: unknown[] };
  expect(history.data).toHaveLength(1);
});

test('a withdrawal staff reject with a reason: the client reads the reason on the request’s timeline and in the mail', async ({ page, request }) => {
  const client = await verifiedClientWithMoney(request);
  const headers = await apiHeaders(request, client.email, client.password);
  // The API asks for the same proof the dialog does.
  expect((await request.post('/api/security/step-up', { headers, data: { password: client.password } })).status()).toBe(204);
  const accounts = (await (await request.get('/api/trading-account', { headers })).json()) as Array<{ id: number; type: string }>;
  const methods = (await (await request.get('/api/payment-methods?currency=USD&direction=withdrawal', { headers })).json()) as Array<{ id: number; min_amount: number }>;
  const withdrawal = await request.post('/api/wallet/withdrawal', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: { account_id: accounts.find((a) => a.type === 'live')!.id, amount: '60', payment_method_id: methods.sort((a, b) => a.min_amount - b.min_amount)[0]!.id },
  });
  expect(withdrawal.status(), await withdrawal.text()).toBe(201);
  const { id, reference } = (await withdrawal.json()) as { id: number; reference: string };
  const staff = await apiHeaders(request, ADMIN);
  const rejected = await request.post(`/api/admin/wallet-requests/${id}/reject`, { headers: staff, data: { reason: 'The card is not in your name.' } });
  expect(rejected.status(), await rejected.text()).toBe(200);

  const mail = await receivedMail(client.email, /withdrawal of \$60\.00 was rejected/);
  expect(mail.text).toContain('The card is not in your name.');

  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/history');
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Rejected');
  await page.getByRole('button', { name: `Timeline of ${reference}` }).click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Submitted');
  await expect(timeline).toContainText('Rejected');
  await expect(timeline).toContainText('The card is not in your name.');
});
