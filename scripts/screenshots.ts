/**
 * Screenshots of the screens in headless Chromium, light and dark, wide and narrow, for review and
 * for the README. Usage: `tsx scripts/screenshots.ts [baseUrl] [outDir] [lang]` against a running server.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { rememberAdmin } from './demo-sign-in.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:8000';
const out = process.argv[3] ?? 'var/screenshots';
const lang = process.argv[4] ?? 'en';
mkdirSync(out, { recursive: true });

const guest = ['welcome', 'login', 'register', 'password/reset', 'email/resend', 'dev/mailbox', 'no-such-page'];
const signedIn = [
  'home',
  'articles',
  'articles/how-to-read-the-economic-calendar',
  'calendar',
  'services',
  'settings/profile',
  'settings/settings',
  'settings/verification',
  'history',
  'administration/chats',
  'administration/calendar',
  'administration/verifications',
  'administration/requests',
  'administration/payment-methods',
  'administration/reconciliation',
];
/** The money screens, seen by the demo client (who holds accounts with history). */
const client = ['home', 'wallet', 'history', 'analytics'];
const sizes = { wide: { width: 1440, height: 900 }, narrow: { width: 360, height: 800 } } as const;

async function signIn(page: Page, email = 'admin@traderoom.test') {
  if (email.startsWith('admin@')) await rememberAdmin(page.context(), base);
  await page.goto(`${base}/${lang}/login`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('traderoom-demo');
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/home$/);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const theme of ['light', 'dark'] as const) {
  for (const [sizeName, viewport] of Object.entries(sizes)) {
    const context = await browser.newContext({ viewport });
    await context.addCookies([{ name: 'user-theme', value: `${theme}-theme`, url: base }]);
    const page = await context.newPage();
    for (const path of guest) {
      await page.goto(`${base}/${lang}/${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(250);
      await page.screenshot({ path: `${out}/${lang}-${path.replaceAll('/', '-')}-${theme}-${sizeName}.png` });
    }
    await signIn(page);
    for (const path of signedIn) {
      await page.goto(`${base}/${lang}/${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(250);
      await page.screenshot({ path: `${out}/${lang}-${path.replaceAll('/', '-')}-${theme}-${sizeName}.png`, fullPage: true });
    }
    await context.clearCookies();
    await context.addCookies([{ name: 'user-theme', value: `${theme}-theme`, url: base }]);
    await signIn(page, 'client@traderoom.test');
    for (const path of client) {
      await page.goto(`${base}/${lang}/${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/${lang}-client-${path.replaceAll('/', '-')}-${theme}-${sizeName}.png`, fullPage: true });
    }
    // The client's first trading account: its page and its statement (the login is the demo seed's, read from home's card).
    await page.goto(`${base}/${lang}/home`);
    const account = await page.locator('a[href*="/accounts/"]').first().getAttribute('href', { timeout: 10_000 });
    for (const [name, path] of [['account', account], ['statement', `${account}/statement`]] as const) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${out}/${lang}-client-${name}-${theme}-${sizeName}.png`, fullPage: true });
    }
    await context.close();
  }
}
await browser.close();
console.log(`Screenshots in ${out}`);
