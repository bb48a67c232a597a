import { expect, test, type Worker } from '@playwright/test';
import { ADMIN, CLIENT, DEMO_PASSWORD, holdRequests, holdSession, signInPageHydrated } from './support';

const GREETING = /^Good (morning|afternoon|evening), Daniel$/;

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

  test('home greets the visitor by name and shows their profile before any script', async ({ page, context, request, baseURL }) => {
    await holdSession(context, request, baseURL!, { timeZone: 'Europe/Kyiv' });
    await page.goto('/en/home');
    const frame = page.locator('#app[data-frame][inert]');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(GREETING);
    await expect(frame.locator('.page-eyebrow')).toHaveText('Client area');
    await expect(frame.locator('.page-lead')).toHaveText(/^With us since \w+ \d{1,2}, \d{4}\.$/);
    await expect(frame.locator('.sidebar .profile-name')).toHaveText('Daniel Carter');
    await expect(frame.locator('.sidebar .profile-email')).toHaveText(CLIENT);
    await expect(frame.locator('.sidebar .avatar')).toHaveText('DC');
    // The screen's content still loads under the head.
    await expect(frame.locator('[role="status"]')).toHaveText('Loading…');
  });

  test('staff get the administration in the navigation, in the address language', async ({ page, context, request, baseURL }) => {
    await holdSession(context, request, baseURL!, { email: ADMIN, timeZone: 'Europe/Kyiv' });
    await page.goto('/ua/home');
    const frame = page.locator('#app[data-frame][inert]');
    await expect(frame.locator('.page-eyebrow')).toHaveText('Співробітник');
    await expect(frame.locator('.sidebar .nav-link[href="/ua/administration"]')).toBeVisible();
    await expect(frame.locator('.sidebar .profile-email')).toHaveText(ADMIN);
  });
});

test('the app keeps the visitor’s time zone, so the next page greets them on their own clock', async ({ browser, request, baseURL }) => {
  const context = await browser.newContext({ timezoneId: 'Pacific/Auckland' });
  await holdSession(context, request, baseURL!);
  const page = await context.newPage();
  await page.goto('/en/wallet');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(async () => decodeURIComponent((await context.cookies()).find((cookie) => cookie.name === 'tz')?.value ?? '')).toBe('Pacific/Auckland');
  // The next page as the server sends it, before any script: the greeting of Auckland's hour (read
  // before and after the request, as the hour may turn between).
  const greeting = () => {
    const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Pacific/Auckland' }).format(new Date()));
    return `Good ${hour < 5 || hour >= 18 ? 'evening' : hour < 12 ? 'morning' : 'afternoon'}, Daniel`;
  };
  const before = greeting();
  const html = await (await context.request.get('/en/home', { headers: { accept: 'text/html' } })).text();
  const sent = /<h1 class="page-title">([^<]*)<\/h1>/.exec(html)?.[1];
  expect([before, greeting()]).toContain(sent);
  await context.close();
});

test('a signed-in page loads the date and money formats in a worker that then closes; a guest page starts none', async ({ page, context, request, baseURL }) => {
  const workers: Array<{ url: string; closed: Promise<void> }> = [];
  page.on('worker', (worker: Worker) => workers.push({ url: worker.url(), closed: new Promise((resolve) => worker.once('close', () => resolve())) }));
  await page.goto('/ru/login');
  // Hydrated: the app's start, where a signed-in page's worker begins, has run.
  await signInPageHydrated(page, 'ru');
  expect(workers).toEqual([]);
  await holdSession(context, request, baseURL!);
  await page.goto('/ru/home');
  await expect(page.locator('#app')).not.toHaveAttribute('data-frame');
  await expect.poll(() => workers.length).toBe(1);
  expect(workers[0]!.url).toMatch(/\/assets\/intl-warm-worker-[\w-]+\.js$/);
  // It closes itself once done: no thread left running for the page's life.
  await workers[0]!.closed;
});

test('signing in through the form loads the date and money formats in a worker once the password is accepted, not before', async ({ page }) => {
  const workers: Array<{ url: string; closed: Promise<void> }> = [];
  page.on('worker', (worker: Worker) => workers.push({ url: worker.url(), closed: new Promise((resolve) => worker.once('close', () => resolve())) }));
  await page.goto('/en/login');
  await signInPageHydrated(page);
  await page.getByLabel('E-mail').fill('nobody@traderoom.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  // A refused sign-in leads to no signed-in screen: nothing to load for.
  expect(workers).toEqual([]);
  await page.getByLabel('E-mail').fill(CLIENT);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(GREETING);
  await expect.poll(() => workers.length).toBe(1);
  expect(workers[0]!.url).toMatch(/\/assets\/intl-warm-worker-[\w-]+\.js$/);
  await workers[0]!.closed;
});

test.describe('on the visitor’s clock', () => {
  test.use({ timezoneId: 'Europe/Kyiv' });

  test('the app takes the signed-in frame over without a blank page and without moving the navigation, the profile or the greeting', async ({ page, context, request, baseURL }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await holdSession(context, request, baseURL!, { timeZone: 'Europe/Kyiv' });
    // Every frame the browser draws: a root with nothing in it is a blank page; the server's frame
    // without its marks (inert, data-frame), or the app with them, is a page that lies about itself.
    await page.addInitScript(() => {
      const seen = { blank: 0, drawn: 0, mislabelled: 0 };
      Object.assign(window, { frames_: seen });
      let frame: Element | null = null;
      const look = () => {
        const root = document.getElementById('app');
        if (root) {
          seen.drawn += 1;
          if (root.childElementCount === 0) seen.blank += 1;
          if (frame === null && root.hasAttribute('data-frame')) frame = root.firstElementChild;
          const showsFrame = frame !== null && root.firstElementChild === frame;
          const marked = root.hasAttribute('data-frame') && root.hasAttribute('inert');
          if (showsFrame !== marked) seen.mislabelled += 1;
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const release = await holdRequests(page, '**/assets/*.js');
    await page.goto('/en/home');
    // Where each piece starts (the support card's text may change its height, not its place).
    const places = () =>
      Promise.all(
        [
          '.brand',
          '.navbar-actions .locale-select',
          '.sidebar .avatar',
          '.sidebar .profile-name',
          '.sidebar .nav-link[href="/en/wallet"]',
          '.sidebar .nav-link[href="/en/settings"]',
          '.sidebar .support-card',
          '.page-eyebrow',
          '.page-title',
          '.page-lead',
        ].map(
          async (selector) => {
            const box = await page.locator(selector).boundingBox();
            return box && { selector, x: box.x, y: box.y, width: box.width };
          },
        ),
      );
    await expect(page.locator('#app[data-frame]')).toBeVisible();
    const greeting = await page.getByRole('heading', { level: 1 }).textContent();
    expect(greeting).toMatch(GREETING);
    const since = await page.locator('.page-lead').textContent();
    const before = await places();
    release();
    await expect(page.locator('#app')).not.toHaveAttribute('data-frame');
    // The screen's own head, in the same words and the same place as the frame's.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greeting!);
    await expect(page.locator('.page-lead')).toHaveText(since!);
    expect(await places()).toEqual(before);
    const seen = await page.evaluate(() => (window as unknown as { frames_: { blank: number; drawn: number; mislabelled: number } }).frames_);
    expect(seen.drawn).toBeGreaterThan(0);
    expect(seen.blank).toBe(0);
    expect(seen.mislabelled).toBe(0);
    // The profile's place now holds the client.
    await expect(page.locator('.sidebar .profile-name')).toHaveText('Daniel Carter');
  });
});
