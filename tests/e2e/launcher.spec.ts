import { expect, type Page, test } from '@playwright/test';
import { resolve, settled, signInAs, visits } from './routes';
import { CLIENT } from './support';

/**
 * The chat launcher floats in the corner of every client page. Scrolled to the end, nothing of
 * the page lies under it (the last amount of History, a badge, a button), and a field that gets
 * the focus (the passwords in Settings) scrolls clear of it.
 */
interface Covered {
  launcher: boolean;
  covered: string[];
}

/** Runs in the page: the visible leaves of the main content whose box meets the launcher's. */
function underLauncher(): Covered {
  const launcher = document.querySelector('.chat-launcher');
  if (!launcher) return { launcher: false, covered: [] };
  const l = launcher.getBoundingClientRect();
  const covered: string[] = [];
  for (const el of document.querySelectorAll('main *')) {
    const leaf = el.children.length === 0 || el.matches('input, select, textarea, button, svg, img');
    if (!leaf || el.closest('svg') !== el && el.closest('svg')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    if (r.right > l.left && r.left < l.right && r.bottom > l.top && r.top < l.bottom) {
      covered.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" [${Math.round(r.top)}..${Math.round(r.bottom)}]`);
    }
  }
  return { launcher: true, covered };
}

async function atTheEnd(page: Page): Promise<Covered> {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await page.waitForFunction(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1);
  return page.evaluate(underLauncher);
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('scrolled to the end, no client page has anything under the chat launcher', async ({ page }) => {
      test.setTimeout(180_000);
      await signInAs(page, 'en', CLIENT);
      const problems: string[] = [];
      for (const { path } of visits().filter((visit) => visit.personas.includes('client') && !visit.personas.includes('guest'))) {
        await page.goto(await resolve(page, path.replace('$lang', 'en')));
        await settled(page);
        await expect(page.locator('.chat-launcher')).toBeVisible();
        const { covered } = await atTheEnd(page);
        for (const element of covered) problems.push(`${path}: ${element}`);
      }
      expect(problems).toEqual([]);
    });

    test('a focused password field in Settings is never under the chat launcher', async ({ page }) => {
      await signInAs(page, 'en', CLIENT);
      await page.goto('/en/settings/profile');
      await settled(page);
      await expect(page.locator('.chat-launcher')).toBeVisible();
      for (const field of await page.locator('main input[type=password]').all()) {
        await field.focus();
        await expect(field).toBeInViewport();
        const covered = await page.evaluate(underLauncher);
        expect(covered.covered.filter((c) => c.startsWith('input'))).toEqual([]);
      }
    });
  });
}
