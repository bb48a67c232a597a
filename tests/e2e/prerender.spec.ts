import { expect, test } from '@playwright/test';
import { CLIENT, DEMO_PASSWORD, holdRequests, signInPageHydrated } from './support';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the Russian sign-in form is there, in Russian, before any script runs', async ({ page }) => {
    await page.goto('/ru/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Войти');
    await expect(page.getByLabel('Пароль')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeVisible();
    // Held in its place until the app can start a passkey sign-in: nothing moves when it takes over.
    await expect(page.getByRole('button', { name: 'Войти с ключом доступа' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Открыть счёт' })).toHaveAttribute('href', '/ru/register');
  });

  test("the sign-in screen's own styles are in the page: the passkey button stands apart from Sign in", async ({ page }) => {
    await page.goto('/en/login');
    const signIn = await page.getByRole('button', { name: 'Sign in', exact: true }).boundingBox();
    const passkey = await page.getByRole('button', { name: 'Sign in with a passkey' }).boundingBox();
    // 12 px (--space-3) from src/features/auth/passkey-sign-in.css, which only the login screen's chunk imports.
    expect(passkey!.y - (signIn!.y + signIn!.height)).toBeGreaterThanOrEqual(10);
  });

  test('a dark-theme visitor gets the page dark from its first byte', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'user-theme', value: 'dark-theme', url: baseURL! }]);
    await page.goto('/en/register');
    await expect(page.locator('html')).toHaveClass(/dark-theme/);
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open an account');
  });
});

test('the prerendered sign-in page hydrates without a mismatch and signs in', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) problems.push(message.text());
  });
  await page.goto('/en/login');
  await signInPageHydrated(page);
  await page.getByLabel('E-mail').fill(CLIENT);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the prerendered page paints before it asks for any script', async ({ page }) => {
  await page.goto('/en/login');
  await signInPageHydrated(page);
  const { paint, scripts } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry.startTime),
  }));
  expect(paint).not.toBeNull();
  expect(scripts.length).toBeGreaterThan(0);
  expect(Math.min(...scripts)).toBeGreaterThan(paint!);
});

test('the prerendered page names nothing in its head that the browser would fetch before its first paint', async ({ request }) => {
  const html = await (await request.get('/en/login')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  // Its stylesheets are inlined (their links disabled, only there for the app's loader), and its icon
  // is in the page: a request that ends before the paint is counted as needed for it (docs/adr/0119).
  const fetched = [...head.matchAll(/<link\b[^>]*>/g)].map(([link]) => link).filter((link) => !/\bdisabled\b/.test(link) && !/\bhref="data:/.test(link));
  expect(fetched).toEqual([]);
  expect(head).not.toMatch(/<script\b[^>]*\bsrc=/);
});

test('what is typed into the prerendered form before the scripts arrive is what signs in', async ({ page }) => {
  // The scripts are held until the visitor has typed: the form is the server's HTML alone meanwhile.
  const release = await holdRequests(page, '**/assets/*.js');
  await page.goto('/en/login', { waitUntil: 'commit' });
  await page.getByLabel('E-mail').fill(CLIENT);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  // Not yet the app's: the browser's own submission would put the password in the address.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  release();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/home$/);
});

test('Enter pressed in the prerendered form before the scripts arrive signs in once they have', async ({ page }) => {
  // A keyboard user is quicker than the app: the button is still disabled, so the browser submits nothing.
  const release = await holdRequests(page, '**/assets/*.js');
  await page.goto('/en/login', { waitUntil: 'commit' });
  await page.getByLabel('E-mail').focus();
  await page.keyboard.type(CLIENT);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/en\/home$/);
});

test("nothing on the prerendered sign-in page moves when the app links the screen's stylesheets", async ({ page }) => {
  const release = await holdRequests(page, '**/assets/*.js');
  await page.goto('/en/login');
  const passkey = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(passkey).toBeDisabled();
  const before = await passkey.boundingBox();
  release();
  // Enabled, it is React's: the screen's chunk has run. Its stylesheet is linked once: the disabled marker after the inlined copy (docs/adr/0110), which Vite does not link again.
  await expect(passkey).toBeEnabled();
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/LoginScreen-"]')).toHaveCount(1);
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/LoginScreen-"][disabled]')).toHaveCount(1);
  expect(await passkey.boundingBox()).toEqual(before);
});
