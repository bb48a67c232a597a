import { expect, test, type BrowserContext, type APIRequestContext } from '@playwright/test';
import { apiHeaders, CLIENT } from './support';

/** The demo client's session, as the cookie the app keeps it in. */
async function holdSession(context: BrowserContext, request: APIRequestContext, baseURL: string): Promise<void> {
  const token = (await apiHeaders(request, CLIENT)).authorization!.replace('Bearer ', '');
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });

  test('a signed-in screen shows the signed-in layout in the address language, loading', async ({ page, context, request, baseURL }) => {
    await holdSession(context, request, baseURL!);
    await page.goto('/ru/wallet');
    const frame = page.locator('#app[data-frame][inert]');
    await expect(frame.locator('.nav-link', { hasText: 'Главная' })).toHaveAttribute('href', '/ru/home');
    await expect(frame.locator('.nav-link', { hasText: 'Кошелёк' })).toBeVisible();
    await expect(frame.locator('button[aria-label="Выйти"]')).toBeVisible();
    await expect(frame.locator('[role="status"]')).toHaveText('Загрузка…');
  });
});

test('the app takes the signed-in frame over without a blank page and without moving the navigation', async ({ page, context, request, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await holdSession(context, request, baseURL!);
  // Every frame the browser draws: a root with nothing in it is a blank page.
  await page.addInitScript(() => {
    const seen = { blank: 0, drawn: 0 };
    Object.assign(window, { frames_: seen });
    const look = () => {
      const root = document.getElementById('app');
      if (root) {
        seen.drawn += 1;
        if (root.childElementCount === 0) seen.blank += 1;
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/en/home');
  // Where each piece starts (the support card's text may change its height, not its place).
  const places = () =>
    Promise.all(
      ['.brand', '.navbar-actions .locale-select', '.sidebar .nav-link[href="/en/wallet"]', '.sidebar .nav-link[href="/en/settings"]', '.sidebar .support-card'].map(
        async (selector) => {
          const box = await page.locator(selector).boundingBox();
          return box && { selector, x: box.x, y: box.y, width: box.width };
        },
      ),
    );
  await expect(page.locator('#app[data-frame]')).toBeVisible();
  const before = await places();
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Daniel/);
  await expect(page.locator('#app')).not.toHaveAttribute('data-frame');
  expect(await places()).toEqual(before);
  const seen = await page.evaluate(() => (window as unknown as { frames_: { blank: number; drawn: number } }).frames_);
  expect(seen.drawn).toBeGreaterThan(0);
  expect(seen.blank).toBe(0);
  // The profile's place now holds the client.
  await expect(page.locator('.sidebar .profile-name')).toHaveText('Daniel Carter');
});
