/**
 * Screenshots of the IPO screens changed by ADR 0086 (the offering page with its prospectus and
 * allocation rule, the apply panel, staff's IPO screen with the hours to reconfirm, the prospectus
 * upload and an offering's timeline), light and dark, wide and narrow, in two languages.
 * Usage: `tsx scripts/ipo-screenshots.ts [baseUrl] [outDir]` against a running server with the demo seed.
 */
import { mkdirSync } from 'node:fs';
import { chromium, request, type Page } from '@playwright/test';
import { openOffering, uploadProspectus } from '../tests/e2e/ipo-offering.ts';
import { DEMO_PASSWORD, demoToken, rememberAdmin } from './demo-sign-in.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:8000';
const out = process.argv[3] ?? 'var/screenshots';
mkdirSync(out, { recursive: true });
const sizes = { wide: { width: 1440, height: 900 }, narrow: { width: 360, height: 800 } } as const;

const staff = { authorization: `Bearer ${await demoToken(base, 'admin@traderoom.test')}`, accept: 'application/json' };
const api = await request.newContext({ baseURL: base });
const texts = { description: 'Builds grid-scale batteries for utilities in Central Europe.', risk: 'Shares can lose all their value; the allocation may be smaller than asked.' };

/** An offering staff created, opened (and closed when `close`), with a prospectus. */
async function offering(company: string, ticker: string, close: boolean): Promise<number> {
  const id = await openOffering(api, staff, { company, ticker, close, texts, prospectus_url: null, shares_offered: 100_000, max_application: '50000', lockup_days: 180 });
  await uploadProspectus(api, staff, id, `${ticker.toLowerCase()}-prospectus.pdf`);
  return id;
}

const open = await offering('Voltaic Storage SE', 'VOLT', false);
await offering('Helios Grid AG', 'HLGR', true);
await api.dispose();

async function signIn(page: Page, email: string, lang: string) {
  if (email.startsWith('admin@')) await rememberAdmin(page.context(), base);
  await page.goto(`${base}/${lang}/login`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/home$/);
}

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 0) console.warn(`${name}: ${overflow}px of horizontal overflow`);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const lang of ['en', 'ru']) {
  for (const theme of ['light', 'dark'] as const) {
    for (const [size, viewport] of Object.entries(sizes)) {
      const context = await browser.newContext({ viewport });
      await context.addCookies([{ name: 'user-theme', value: `${theme}-theme`, url: base }]);
      const client = await context.newPage();
      await signIn(client, 'client@traderoom.test', lang);
      await client.goto(`${base}/${lang}/ipo/${open}`);
      await shot(client, `ipo-offering-${lang}-${theme}-${size}`);
      await context.clearCookies();
      await context.addCookies([{ name: 'user-theme', value: `${theme}-theme`, url: base }]);
      const admin = await context.newPage();
      await signIn(admin, 'admin@traderoom.test', lang);
      await admin.goto(`${base}/${lang}/administration/ipo`);
      await admin.waitForLoadState('networkidle');
      for (const summary of await admin.locator('.ipo-admin-timeline summary').all()) await summary.click();
      await shot(admin, `admin-ipo-${lang}-${theme}-${size}`);
      await context.close();
    }
  }
}
await browser.close();
