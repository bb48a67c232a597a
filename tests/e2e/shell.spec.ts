import { expect, test } from '@playwright/test';
import { CLIENT, signIn } from './support';

test('the theme toggle switches the page to dark and the choice survives a reload', async ({ page }) => {
  await page.goto('/en/login');
  await expect(page.locator('html')).toHaveClass(/light-theme/);
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark-theme/);
  const theme = (await page.context().cookies()).find((c) => c.name === 'user-theme');
  expect(theme?.value).toBe('dark-theme');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark-theme/);
});

test('choosing Russian moves the URL, the cookie and the text to Russian', async ({ page }) => {
  await signIn(page, CLIENT);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.getByLabel('Language').selectOption('ru');
  await expect(page).toHaveURL(/\/ru\/home$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('navigation', { name: 'Основное меню' }).first()).toContainText('История');
  const locale = (await page.context().cookies()).find((c) => c.name === 'locale');
  expect(locale?.value).toBe('ru');
  await page.goto('/home');
  await expect(page).toHaveURL(/\/ru\/home$/);
});

test('a Ukrainian link from outside opens in Ukrainian and makes it the language', async ({ page }) => {
  await page.goto('/ua/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(page.getByLabel('Мова')).toHaveValue('ua');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Відкрити рахунок');
  // The page is prerendered: the heading shows before the app runs, and the app sets the cookie.
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'locale')?.value).toBe('ua');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/ua\/login$/);
});

test('an unsupported language prefix is replaced by the current language', async ({ page }) => {
  await page.goto('/de/register');
  await expect(page).toHaveURL(/\/en\/register$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/en\/login$/);
});

test('an unknown page shows the not-found screen', async ({ page }) => {
  await page.goto('/en/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/en/404');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('settings open on the profile and administration is not reachable by a client', async ({ page }) => {
  await signIn(page, CLIENT);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/settings');
  await expect(page).toHaveURL(/\/en\/settings\/profile$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});

test('on a phone the menu opens from the toggle and closes when a link is followed', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, CLIENT);
  await expect(page).toHaveURL(/\/en\/home$/);
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.locator('#mobile-menu').getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/en\/history$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
