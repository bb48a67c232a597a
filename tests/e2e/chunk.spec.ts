import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, CLIENT, signIn, signInPageHydrated, type SignInLanguage } from './support';

test('a screen whose code chunk keeps failing reloads the page once, then shows the error layout with Try again', async ({ page }) => {
  await signIn(page, CLIENT);
  await expect(page).toHaveURL(/\/en\/home$/);
  // The history screen's chunk is gone (a deploy removed it, or the network drops it); every other chunk loads.
  await page.route(/\/assets\/HistoryScreen-[^/]*\.js$/, (route) => route.abort());
  let loads = 0;
  page.on('load', () => loads++);

  await page.goto('/en/history');
  const error = page.getByRole('heading', { name: 'Something went wrong' });
  // Two page loads (the one reload) and four refused requests of the chunk (its preload and its
  // import, each load) come first: with two test runs sharing two cores, about 12 s.
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/en\/history$/);
  await expect.poll(() => loads).toBe(2);

  // Try again loads the page anew; the chunk is still gone, so the same answer, and no automatic reload.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => loads).toBe(3);
  await expect(error).toBeVisible();

  // Once the chunk is back, Try again shows the screen.
  await page.unroute(/\/assets\/HistoryScreen-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
});

/**
 * Every script the sign-in page loads has arrived: the prerendered form shows before any of them,
 * React takes it over, and the provider buttons come after that.
 */
async function appTookOver(page: Page, lang: SignInLanguage): Promise<void> {
  await signInPageHydrated(page, lang);
  await expect(page.getByRole('button', { name: /Loopback ID/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** The modules a built script holds, from its source map (`../../src/lib/runtime.ts`); the bundler's own runtime has none. */
function modulesIn(file: string): string[] {
  const map = new URL(`../../dist${file}.map`, import.meta.url);
  return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
}

/** A built script and every script it imports statically, as the browser evaluates them with it. */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(new URL(`../../dist${file}`, import.meta.url), 'utf8');
  // `import{a as b}from"./x.js"` and `import"./x.js"`; an `import(…)` is not followed by a quote.
  for (const [, imported] of code.matchAll(/\bimport\s*(?:\{[^}]*\}\s*from\s*|\*\s*as\s*[\w$]+\s*from\s*)?"\.\/([^"]+\.js)"/g)) {
    staticGraph(`/assets/${imported}`, seen);
  }
  return seen;
}

test("the app starts in steps: the machines and the route tree are not evaluated with the entry's libraries, and are asked for with the entry", async ({ page }) => {
  await page.goto('/en/login');
  await appTookOver(page, 'en');
  const start = page.locator('script[data-entry]');
  const entry = (await start.getAttribute('data-entry'))!;
  const preloaded = (await start.getAttribute('data-preload'))!.split(' ');

  const withEntry = [...staticGraph(entry)].flatMap(modulesIn);
  expect(withEntry.some((module) => module.includes('/react-dom/'))).toBe(true);
  // Each is a step of its own (src/main.tsx): evaluated with the entry, they made one long task.
  expect(withEntry.filter((module) => /\/machines\/.*\.machine\.ts$|\/src\/routeTree\.gen\.ts$/.test(module))).toEqual([]);

  // The page asked for them with the entry (vite.config.ts, startPreloads), not once the entry ran.
  const holding = (module: RegExp) => preloaded.filter((file) => modulesIn(file).some((source) => module.test(source)));
  expect(holding(/\/machines\/session\/session\.machine\.ts$/)).toHaveLength(1);
  expect(holding(/\/src\/routeTree\.gen\.ts$/)).toHaveLength(1);
});

test('the sign-in page loads no data cache and no step-up dialog: they come with the signed-in screens', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('/en/login');
  await appTookOver(page, 'en');
  const code = (await Promise.all(scripts)).join('\n');
  expect(code.length).toBeGreaterThan(100_000);
  // A message only TanStack Query's core carries, and the step-up dialog's own element ids.
  expect(code).not.toContain('Missing queryFn');
  expect(code).not.toContain('step-up-input-');
});

test("a Russian sign-in page downloads the Russian words of the sign-in path only: no English, no signed-in screens' words", async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('/ru/login');
  await appTookOver(page, 'ru');
  const code = (await Promise.all(scripts)).join('\n');
  expect(code).toContain('С возвращением! Войдите в личный кабинет.');
  expect(code).not.toContain('Welcome back. Sign in to your client area.');
  // The administration's calendar, in Russian: its words come with the administration's screens.
  expect(code).not.toContain('исчезнет из календаря всех клиентов');
});

test('the administration opened at a Russian address speaks Russian: its words come with its screens', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/ru/administration');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Администрирование');
  await expect(page.getByRole('main')).toContainText('Шаблоны ответов');
});
