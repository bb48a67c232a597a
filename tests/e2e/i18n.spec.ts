import { expect, test } from '@playwright/test';
import { createClient, signIn } from './support';

test('a sign-in without a connection says so in Russian', async ({ page }) => {
  await page.route('**/api/login', (route) => route.abort('internetdisconnected'));
  await page.goto('/ru/login');
  await page.getByLabel('Эл. почта').fill('client@traderoom.test');
  await page.getByLabel('Пароль').fill('traderoom-demo');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Не удалось связаться с сервером. Проверьте подключение к интернету и попробуйте ещё раз.');
});

test('time zones are named in Ukrainian, without their English identifiers', async ({ page, request }) => {
  const client = await createClient(request, 'zones-ua');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/ua/settings/settings');
  const select = page.getByLabel('Часовий пояс');
  // The ~420 zones are labelled in one render (about a second of Intl calls on an idle machine,
  // several on a loaded one): the option comes with the select, so wait for the select's render.
  await expect(select).toBeVisible({ timeout: 30_000 });
  await expect(select.locator('option[value="America/New_York"]')).toHaveText(/^Сполучені Штати — за північноамериканським східним часом \(GMT-0[45]:00\)$/);
  const labels = await select.locator('option').allTextContents();
  expect(labels.length).toBeGreaterThan(300);
  expect(labels.filter((label) => /[A-Za-z]{2,}/.test(label.replaceAll('GMT', '')))).toEqual([]);
});

test('calendar figures carry the decimal comma in Russian', async ({ page, request }) => {
  const client = await createClient(request, 'figures-ru');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/ru/calendar');
  await page.getByRole('radio', { name: 'Неделя' }).click();
  const figures = page.getByTestId('calendar-events').locator('td.num');
  await expect(figures.first()).toBeVisible();
  const texts = (await figures.allTextContents()).filter((text) => text !== '—');
  expect(texts.some((text) => /\d,\d/.test(text))).toBe(true);
  expect(texts.filter((text) => /\d\.\d|[KMB]$/.test(text))).toEqual([]);
});
