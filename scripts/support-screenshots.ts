/**
 * Screenshots of support's presence: the client's chat widget saying whether support is online,
 * away within office hours or closed (with when it opens in the client's own zone), and staff's
 * Administration → Support with the agent's own alert sound; light and dark, wide and narrow.
 * Usage: `tsx scripts/support-screenshots.ts [baseUrl] [outDir] [lang]` against a running server
 * with the demo accounts.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { DEMO_PASSWORD, rememberAdmin } from './demo-sign-in.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:8000';
const out = process.argv[3] ?? 'var/screenshots';
const lang = process.argv[4] ?? 'en';
mkdirSync(out, { recursive: true });
const sizes = { wide: { width: 1440, height: 900 }, narrow: { width: 360, height: 780 } } as const;

async function signIn(page: Page, email: string) {
  if (email.startsWith('admin@')) await rememberAdmin(page.context(), base);
  await page.goto(`${base}/${lang}/login`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/home$/);
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const theme of ['light', 'dark'] as const) {
  for (const [sizeName, viewport] of Object.entries(sizes)) {
    // The client sits in Kyiv: the opening time is shown in their zone, not the office's.
    const clientContext = await browser.newContext({ viewport, timezoneId: 'Europe/Kyiv' });
    await clientContext.addCookies([{ name: 'user-theme', value: `${theme}-theme`, url: base }]);
    const client = await clientContext.newPage();
    await signIn(client, 'client@traderoom.test');
    await client.locator('.chat-launcher').click();
    const status = client.getByTestId('support-status');
    await status.waitFor();
    await client.screenshot({ path: `${out}/${lang}-support-${(await status.getAttribute('data-availability')) ?? 'status'}-${theme}-${sizeName}.png` });

    const staffContext = await browser.newContext({ viewport });
    await staffContext.addCookies([{ name: 'user-theme', value: `${theme}-theme`, url: base }]);
    const staff = await staffContext.newPage();
    await signIn(staff, 'admin@traderoom.test');
    await staff.goto(`${base}/${lang}/administration/support`);
    await staff.locator('input[name=chat-sound]').waitFor();
    await staff.locator('input[name=chat-sound]').scrollIntoViewIfNeeded();
    await staff.screenshot({ path: `${out}/${lang}-admin-support-alerts-${theme}-${sizeName}.png` });
    await client.locator('[data-availability=online]').waitFor();
    await client.screenshot({ path: `${out}/${lang}-support-online-${theme}-${sizeName}.png` });
    await staffContext.close();
    await clientContext.close();
  }
}
await browser.close();
