/**
 * Screenshots of the development inspector panel, light and dark, wide and narrow, with an axe
 * check of each, against a running development server (`npm run dev`). The panel does not exist
 * in production builds, so this cannot run against `npm start`.
 *
 *   tsx scripts/inspector-screenshots.ts [devUrl] [outDir]
 */
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:5173';
const out = process.argv[3] ?? 'var/screenshots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
let violations = 0;
for (const theme of ['light', 'dark'] as const) {
  for (const [size, viewport] of Object.entries({ wide: { width: 1440, height: 900 }, narrow: { width: 390, height: 844 } })) {
    const context = await browser.newContext({ viewport });
    await context.addCookies([{ name: 'user-theme', value: `${theme}-theme`, url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/en/login`);
    await page.getByLabel('E-mail').fill('client@traderoom.test');
    await page.getByLabel('Password', { exact: true }).fill('traderoom-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/home$/);
    await page.keyboard.press('Control+Alt+KeyI');
    const panel = page.getByRole('dialog', { name: 'State inspector' });
    await panel.waitFor();
    // Open the session's context and events to show them.
    const session = panel.getByRole('region', { name: /^session/ });
    await session.getByText('Context').click();
    await session.getByText('Recent events').click();
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${out}/inspector-${theme}-${size}.png` });
    const results = await new AxeBuilder({ page }).include('[data-dev-inspector]').analyze();
    for (const violation of results.violations) {
      violations += 1;
      console.error(`${theme} ${size}: ${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    }
    await context.close();
  }
}
await browser.close();
console.log(`Screenshots in ${out}; ${violations} axe violation(s) in the panel.`);
process.exitCode = violations > 0 ? 1 : 0;
