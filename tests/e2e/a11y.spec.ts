import { expect, test } from '@playwright/test';
import { ADMIN, expectNoAxeViolations, signIn } from './support';

const guestScreens = ['/en/welcome', '/en/login', '/en/register', '/en/password/reset', '/en/email/resend', '/en/no-such-page'];
const adminScreens = [
  '/en/home',
  '/en/settings/profile',
  '/en/settings/settings',
  '/en/settings/verification',
  '/en/settings/security',
  '/en/settings/privacy',
  '/en/services',
  '/en/history',
  '/en/administration/chats',
  '/en/administration/calendar',
  '/en/administration/requests',
  '/en/administration/verifications',
  '/en/notifications',
  '/en/administration/ipo',
  '/en/ipo',
  '/en/ipo/1',
  '/en/administration/strategies',
  '/en/investing',
  '/en/investing/strategies/1',
];

for (const theme of ['light-theme', 'dark-theme'] as const) {
  test(`axe finds nothing on the guest screens in the ${theme}`, async ({ page, context }) => {
    await context.addCookies([{ name: 'user-theme', value: theme, url: 'http://127.0.0.1' }]);
    for (const path of guestScreens) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });

  test(`axe finds nothing on the signed-in screens in the ${theme}`, async ({ page, context }) => {
    // Each screen analysed whole, one after another: up to 15 s a screen on a busy machine (a
    // fixed 120 s ran out at nineteen screens with three test runs sharing two cores).
    test.setTimeout(adminScreens.length * 15_000);
    await context.addCookies([{ name: 'user-theme', value: theme, url: 'http://127.0.0.1' }]);
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/en\/home$/);
    for (const path of adminScreens) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}

test('the sign-in form can be completed with the keyboard alone', async ({ page }) => {
  await page.goto('/en/login');
  await page.getByLabel('E-mail').focus();
  await page.keyboard.type('client@traderoom.test');
  await page.keyboard.press('Tab');
  await page.keyboard.type('traderoom-demo');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/home$/);
});
