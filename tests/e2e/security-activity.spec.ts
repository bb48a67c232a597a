import { expect, test } from '@playwright/test';
import { ADMIN, adminDeviceCookie, appPath, createClient, DEMO_PASSWORD, expectNoAxeViolations, linkTo, receivedMail, signIn } from './support';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

test('a client sees sign-ins and a refused one in Settings → Security, and “This wasn’t me” signs every session out', async ({ page, request }) => {
  const client = await createClient(request, 'activity');
  await signIn(page, client.email, client.password);
  await page.waitForURL(/\/en\/home$/);
  // Someone with a wrong password, then someone with the right one on another device.
  expect((await request.post('/api/login', { data: { email: client.email, password: 'not the password' }, headers: { 'user-agent': FIREFOX_LINUX } })).status()).toBe(422);
  expect((await request.post('/api/login', { data: { email: client.email, password: client.password }, headers: { 'user-agent': FIREFOX_LINUX } })).status()).toBe(200);

  await page.goto('/en/settings/security');
  const feed = page.getByRole('region', { name: 'Recent activity' });
  const items = feed.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Signed in');
  await expect(items.nth(0)).toContainText('Firefox 128, Linux');
  await expect(items.nth(1)).toContainText('Sign-in refused');
  await expect(items.nth(1)).toContainText('wrong password');
  await expectNoAxeViolations(page);

  const mail = await receivedMail(client.email, 'Sign-in from a new device');
  await page.goto(appPath(linkTo(mail, '/security/not-me/')));
  await expect(page.getByRole('heading', { name: 'Was this sign-in not you?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Secure my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is secured' })).toBeVisible();
  await expect(page.getByText(/Withdrawals from live accounts are held until/)).toBeVisible();
  await receivedMail(client.email, 'Reset your password');
  // This tab's session was signed out on the server too: it leaves, and the link is followed again as a guest.
  await page.getByRole('button', { name: 'Sign out of this tab' }).click();
  await page.waitForURL(/\/en\/login$/);
  // Used once: the same link again says so.
  await page.goto(appPath(linkTo(mail, '/security/not-me/')));
  await page.getByRole('button', { name: 'Secure my account' }).click();
  await expect(page.getByRole('alert')).toContainText('expired or was already used');
});

test('staff read who did what in the audit log, filtered by object', async ({ page, request }) => {
  const login = await request.post('/api/login', { data: { email: ADMIN, password: DEMO_PASSWORD }, headers: { cookie: await adminDeviceCookie() } });
  const token = ((await login.json()) as { token: string }).token;
  const shortcut = `audit-${Date.now()}`;
  const created = await request.post('/api/admin/canned-replies', {
    data: { lang: 'en', shortcut, text: 'Thanks for waiting.' },
    headers: { authorization: `Bearer ${token}`, 'user-agent': 'AuditSpec/1.0' },
  });
  expect(created.status()).toBe(201);

  await signIn(page, ADMIN);
  await page.waitForURL(/\/en\/(home|administration)/);
  await page.goto('/en/administration/audit');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 2 })).toBeVisible();
  await page.getByLabel('Object').selectOption({ label: 'Canned replies' });
  await expect(page).toHaveURL(/object_type=canned-replies/);
  const entry = page.getByRole('listitem').filter({ hasText: 'AuditSpec/1.0' }).first();
  await expect(entry).toContainText('POST');
  await expect(entry).toContainText('/api/admin/canned-replies');
  await expect(entry).toContainText(ADMIN);
  await entry.getByText('What was sent').click();
  await expect(entry.getByText(shortcut)).toBeVisible();
  await expectNoAxeViolations(page);
});
