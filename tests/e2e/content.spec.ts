import { expect, type Locator, test } from '@playwright/test';
import { ADMIN, adminDeviceCookie, createClient, expectNoAxeViolations, signIn } from './support';

test('the tile/list choice for articles survives a reload', async ({ page, request }) => {
  const client = await createClient(request, 'tiles');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  const list = page.getByTestId('article-list');
  await expect(list).toHaveAttribute('data-view', 'tiles');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('radio', { name: 'List' }).click();
  await expect(list).toHaveAttribute('data-view', 'list');
  expect(await page.evaluate(() => localStorage.getItem('isTileView'))).toBe('false');
  await page.reload();
  await expect(page.getByTestId('article-list')).toHaveAttribute('data-view', 'list');
  await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
  await expectNoAxeViolations(page);
});

test('the language switch changes the articles, and an article opens in a reading layout', async ({ page, request }) => {
  const client = await createClient(request, 'reader');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/articles');
  await expect(page.getByRole('link', { name: 'Fed holds rates and signals patience' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Language').selectOption('ru');
  await expect(page).toHaveURL(/\/ru\/articles$/);
  await expect(page.getByRole('link', { name: 'ФРС сохранила ставку и призвала к терпению' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fed holds rates and signals patience' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Как читать экономический календарь' }).click();
  await expect(page).toHaveURL(/\/ru\/articles\/how-to-read-the-economic-calendar$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Как читать экономический календарь');
  await expect(page.getByRole('heading', { level: 2, name: 'Цены двигает неожиданность' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The same story stays open in the other language.
  await page.getByLabel('Язык').selectOption('ua');
  await expect(page).toHaveURL(/\/ua\/articles\/how-to-read-the-economic-calendar$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Як читати економічний календар');
});

test('a service request is stored and listed on the services and history screens', async ({ page, request }) => {
  const client = await createClient(request, 'services');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/services');
  await expect(page.getByText('You have not requested any service yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Request: VPS for trading platforms' }).click();
  const dialog = page.getByRole('dialog', { name: 'VPS for trading platforms' });
  await dialog.getByLabel('Note for your manager (optional)').fill('MetaTrader 5, London data centre please');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Your request for “VPS for trading platforms” has been sent.' })).toBeVisible();
  const requests = page.getByTestId('service-requests');
  await expect(requests).toContainText('VPS for trading platforms');
  await expect(requests).toContainText('MetaTrader 5, London data centre please');
  await expect(requests).toContainText('Received');
  await expectNoAxeViolations(page);

  await page.goto('/ua/history');
  await expect(page.getByTestId('service-requests')).toContainText('VPS для торгових платформ');
});

/** Fills the staff's new-event dialog (times in UTC). */
async function fillEvent(
  dialog: Locator,
  event: { date: string; time: string; country: string; currency: string; importance: string; titles: [string, string, string]; forecast?: string },
) {
  await dialog.getByLabel('Date').fill(event.date);
  await dialog.getByLabel('Time', { exact: true }).fill(event.time);
  await dialog.getByLabel('Time zone').selectOption('UTC');
  await dialog.getByLabel('Country').selectOption(event.country);
  await dialog.getByLabel('Currency').selectOption(event.currency);
  await dialog.getByLabel('Importance').selectOption(event.importance);
  await dialog.getByLabel('Title in English').fill(event.titles[0]);
  await dialog.getByLabel('Title in Russian').fill(event.titles[1]);
  await dialog.getByLabel('Title in Ukrainian').fill(event.titles[2]);
  if (event.forecast) await dialog.getByLabel('Forecast').fill(event.forecast);
}

test('an admin adds an event and a client in another time zone sees it on their own day', async ({ browser }) => {
  const adminContext = await browser.newContext({ timezoneId: 'Europe/Kyiv' });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await expect(admin).toHaveURL(/\/en\/home$/);
  await admin.goto('/en/administration/calendar');
  await admin.getByRole('button', { name: 'Add event' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New event' });
  await expectNoAxeViolations(admin);

  // Nothing but a date: the server's field errors appear under the fields, and the date stays.
  await dialog.getByLabel('Date').fill('2030-05-14');
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await expect(dialog.getByText('The time field is required.')).toBeVisible();
  await expect(dialog.getByText('The title (English) field is required.')).toBeVisible();
  await expect(dialog.getByLabel('Date')).toHaveValue('2030-05-14');

  await fillEvent(dialog, {
    date: '2030-05-14',
    time: '23:30',
    country: 'JP',
    currency: 'JPY',
    importance: '3',
    titles: ['Tokyo CPI (e2e)', 'Индекс цен Токио (e2e)', 'Індекс цін Токіо (e2e)'],
    forecast: '2.1%',
  });
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await expect(dialog).toBeHidden();
  await adminContext.close();

  // 23:30 UTC on 14 May is 08:30 on 15 May in Tokyo.
  const clientContext = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
  const page = await clientContext.newPage();
  const client = await createClient(page.request, 'calendar');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/en\/calendar$/);
  await page.getByLabel('Date').fill('2030-05-14');
  await expect(page.getByTestId('calendar-events')).toContainText('No events match your filters on this day.');
  await page.getByLabel('Date').fill('2030-05-15');
  const row = page.getByRole('row', { name: /Tokyo CPI \(e2e\)/ });
  await expect(row).toContainText('08:30');
  await expect(row).toContainText('JPY');
  await expectNoAxeViolations(page);

  // Filtering by currency hides it.
  await page.getByRole('group', { name: 'Currencies' }).getByRole('checkbox', { name: 'JPY' }).uncheck();
  await expect(row).toHaveCount(0);
  await clientContext.close();
});

test('the calendar settings are kept and the calendar opens filtered that way', async ({ page, request }) => {
  const client = await createClient(request, 'settings');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/settings/settings');
  const form = page.locator('form');
  for (const code of ['USD', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD', 'CNY', 'UAH']) {
    await form.getByRole('checkbox', { name: new RegExp(`^${code} ·`) }).uncheck();
  }
  await form.getByRole('checkbox', { name: 'Low importance' }).uncheck();
  await form.getByLabel('Time zone').selectOption('America/New_York');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('checkbox', { name: /^EUR ·/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^USD ·/ })).not.toBeChecked();
  await expect(page.getByLabel('Time zone')).toHaveValue('America/New_York');

  await page.getByRole('link', { name: 'calendar', exact: true }).click();
  const currencies = page.getByRole('group', { name: 'Currencies' });
  await expect(currencies.getByRole('checkbox', { name: 'EUR' })).toBeChecked();
  await expect(currencies.getByRole('checkbox', { name: 'USD' })).not.toBeChecked();
  await expect(page.getByRole('group', { name: 'Importance' }).getByRole('checkbox', { name: 'Low importance' })).not.toBeChecked();
  await expect(page.getByText(/Times in New York/)).toBeVisible();
});

test('nothing but an empty settings choice is refused, with the error in the user’s language', async ({ page, request }) => {
  const client = await createClient(request, 'settings-ua');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/ua/settings/settings');
  for (const level of ['Низька важливість', 'Середня важливість', 'Висока важливість']) {
    await page.getByRole('checkbox', { name: level }).uncheck();
  }
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page.getByText('Поле «важливість» є обов’язковим.')).toBeVisible();
});

test('articles that fail to load offer a retry that loads them', async ({ page, request }) => {
  const client = await createClient(request, 'retry');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  // The connection to the articles drops (the client's own retry included) until we say otherwise.
  let online = false;
  await page.route('**/api/articles/getAll**', (route) => (online ? route.continue() : route.abort('connectionreset')));
  await page.goto('/en/articles');
  await expect(page.getByText('The articles could not be loaded.')).toBeVisible();
  online = true;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('link', { name: 'Fed holds rates and signals patience' })).toBeVisible();
});

test('an admin edits and deletes an event', async ({ page, request }) => {
  const login = await request.post('/api/login', { headers: { cookie: await adminDeviceCookie() }, data: { email: ADMIN, password: 'traderoom-demo' } });
  const { token } = (await login.json()) as { token: string };
  const created = await request.post('/api/admin/calendar/events', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      date: new Date().toISOString().slice(0, 10),
      time: '12:00',
      time_zone: 'UTC',
      country: 'GB',
      currency: 'GBP',
      importance: 2,
      title_en: 'BoE Governor speaks (e2e)',
      title_ru: 'Выступление главы Банка Англии (e2e)',
      title_ua: 'Виступ голови Банку Англії (e2e)',
    },
  });
  expect(created.status()).toBe(201);

  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/administration/calendar');
  await page.getByRole('button', { name: 'Edit “BoE Governor speaks (e2e)”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit event' });
  await expect(dialog.getByLabel('Title in English')).toHaveValue('BoE Governor speaks (e2e)');
  await dialog.getByLabel('Title in English').fill('BoE Governor testifies (e2e)');
  await dialog.getByLabel('Actual').fill('n/a');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /BoE Governor testifies \(e2e\)/ });
  await expect(row).toContainText('n/a');

  await page.getByRole('button', { name: 'Delete “BoE Governor testifies (e2e)”' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this event?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});

test("a client's open calendar shows an event staff add meanwhile, without a reload", async ({ browser }) => {
  const clientContext = await browser.newContext({ timezoneId: 'UTC' });
  const page = await clientContext.newPage();
  const client = await createClient(page.request, 'live-calendar');
  await signIn(page, client.email, client.password);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/calendar');
  await page.getByLabel('Date').fill('2031-02-03');
  await expect(page.getByTestId('calendar-events')).toContainText('No events match your filters on this day.');
  // The calendar listens on the realtime hub once it is on screen.
  await page.waitForLoadState('networkidle');

  const adminContext = await browser.newContext({ timezoneId: 'UTC' });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await expect(admin).toHaveURL(/\/en\/home$/);
  await admin.goto('/en/administration/calendar');
  await admin.getByRole('button', { name: 'Add event' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New event' });
  await fillEvent(dialog, {
    date: '2031-02-03',
    time: '10:00',
    country: 'GB',
    currency: 'GBP',
    importance: '2',
    titles: ['UK retail sales (live e2e)', 'Розничные продажи в Великобритании (e2e)', 'Роздрібні продажі у Великій Британії (e2e)'],
  });
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await expect(dialog).toBeHidden();
  await adminContext.close();

  await expect(page.getByRole('row', { name: /UK retail sales \(live e2e\)/ })).toContainText('10:00');
  await clientContext.close();
});
