import { expect, type Page, test } from '@playwright/test';
import { LANGS, type Persona, resolve, settled, signInAs, visits } from './routes';
import { ADMIN, CLIENT } from './support';

/**
 * No page wider than a phone: every route of the app's route tree, in every language, signed out,
 * as a client and as staff, at 360 px wide, with the dialogs that open on a page. A page passes
 * when it has no horizontal scroll and no visible element sticks out of the viewport or out of a
 * box that clips it (an element inside a horizontally scrolling box only has to fit that box).
 */
const WIDTH = 360;

/** Buttons that open a dialog or an overlay on a route, by persona: what opens, then checked like the page. */
const OPENERS: Record<string, { persona: Persona; name: string; selector: string }[]> = {
  '/$lang/_auth/home': [{ persona: 'client', name: 'create-account dialog', selector: '.accounts-section .btn-primary' }],
  '/$lang/_auth/services': [{ persona: 'client', name: 'service request dialog', selector: '.service-card .btn-secondary' }],
  '/$lang/_auth/_admin/administration/calendar': [{ persona: 'staff', name: 'event dialog', selector: '.calendar-nav .btn-primary' }],
};
/** The phone menu, on every page that has it. */
const MENU = '.menu-toggle';
/**
 * The boxes meant to scroll sideways on a phone (tables, tab rows, filter chips, chat). Content may
 * run past their edge; anything else that scrolls or clips counts as cutting its content off.
 */
const SIDEWAYS = '.table-wrap, .tabs, .chip-group, .table-scroll, .chat-messages';

interface Overflow {
  scrollWidth: number;
  clipped: string[];
}

/** Runs in the page: the document's width and each visible element that sticks out of what clips it. */
function measure([width, sideways]: [number, string]): Overflow {
  const describe = (el: Element) => {
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const r = el.getBoundingClientRect();
    return `${el.tagName.toLowerCase()}${cls} [${Math.round(r.left)}..${Math.round(r.right)}] "${text}"`;
  };
  const clipped: string[] = [];
  // Only the outermost element that sticks out is named: its children follow it out.
  const out = new Set<Element>();
  for (const el of document.querySelectorAll('body *')) {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'contents') continue;
    const r = el.getBoundingClientRect();
    // Nothing to see: collapsed, or the visually hidden text for screen readers (1 × 1 px).
    if (r.width <= 1 || r.height <= 1) continue;
    let left = 0;
    let right = width;
    let scrolls = false;
    if (style.position !== 'fixed') {
      for (let up = el.parentElement; up && up !== document.documentElement; up = up.parentElement) {
        const s = getComputedStyle(up);
        if (s.overflowX !== 'visible' && up.matches(sideways)) {
          scrolls = true;
          break;
        }
        if (s.overflowX !== 'visible') {
          const box = up.getBoundingClientRect();
          left = Math.max(left, box.left);
          right = Math.min(right, box.right);
        }
        if (s.position === 'fixed') break;
      }
    }
    // Inside a box of 1 px that hides its overflow: visually hidden, for screen readers only.
    if (scrolls || right - left <= 1) continue;
    if (r.left < left - 1 || r.right > right + 1) {
      out.add(el);
      if (!el.parentElement || !out.has(el.parentElement)) clipped.push(describe(el));
    }
  }
  return { scrollWidth: document.documentElement.scrollWidth, clipped };
}

async function check(page: Page, what: string, problems: string[]) {
  const { scrollWidth, clipped } = await page.evaluate(measure, [WIDTH, SIDEWAYS] as [number, string]);
  if (scrollWidth > WIDTH) problems.push(`${what}: the page is ${scrollWidth} px wide`);
  for (const element of clipped) problems.push(`${what}: ${element} sticks out`);
  for (const input of await page.evaluate(cutDateInputs)) problems.push(`${what}: the date input ${input}`);
}

test.use({ viewport: { width: WIDTH, height: 760 } });

for (const persona of ['guest', 'client', 'staff'] as const) {
  for (const lang of LANGS) {
    test(`every route fits a ${WIDTH} px phone: ${persona}, ${lang}`, async ({ page }) => {
      test.setTimeout(240_000);
      if (persona !== 'guest') await signInAs(page, lang, persona === 'client' ? CLIENT : ADMIN);
      const problems: string[] = [];
      const routes = visits().filter((visit) => visit.personas.includes(persona));
      expect(routes.length).toBeGreaterThan(3);
      for (const { id, path } of routes) {
        const url = await resolve(page, path.replace('$lang', lang));
        await page.goto(url);
        await settled(page);
        const where = `${url} → ${new URL(page.url()).pathname}`;
        await check(page, where, problems);
        for (const opener of (OPENERS[id] ?? []).filter((o) => o.persona === persona)) {
          await page.locator(opener.selector).first().click();
          await expect(page.locator('dialog[open]')).toHaveCount(1);
          await check(page, `${where} with the ${opener.name}`, problems);
          await page.keyboard.press('Escape');
          await expect(page.locator('dialog[open]')).toHaveCount(0);
        }
        const menu = page.locator(MENU);
        if (await menu.isVisible()) {
          await menu.click();
          await expect(page.locator('.mobile-menu')).toBeVisible();
          await check(page, `${where} with the phone menu`, problems);
        }
      }
      expect(problems).toEqual([]);
    });
  }
}

test.describe('side by side fields', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const lang of LANGS) {
    test(`registration's name inputs stay on one line when only one of them shows an error (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/register`);
      await page.locator('input[name=first_name]').fill('Ada');
      await page.locator('button[type=submit]').click();
      await expect(page.locator('input[name=second_name][aria-invalid=true]')).toBeVisible();
      const top = async (name: string) => (await page.locator(`input[name=${name}]`).boundingBox())!.y;
      expect(await top('second_name')).toBe(await top('first_name'));
    });
  }
});

/** Runs in the page: the date inputs narrower than their own content (the date or its placeholder cut off). */
function cutDateInputs(): string[] {
  const cut: string[] = [];
  for (const input of document.querySelectorAll<HTMLInputElement>('input[type=date], input[type=time], input[type=datetime-local]')) {
    const width = input.getBoundingClientRect().width;
    if (width <= 1) continue;
    // The same input at its natural width: what its content needs.
    const probe = input.cloneNode() as HTMLInputElement;
    probe.style.cssText = 'position:absolute;left:0;top:0;visibility:hidden;width:auto;min-width:0;max-width:none';
    input.parentElement!.append(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    if (width + 1 < needed) cut.push(`${input.name || input.id}: ${Math.round(width)} px of ${Math.round(needed)}`);
  }
  return cut;
}

test.describe('History filters', () => {
  for (const width of [360, 390, 768, 1024, 1280, 1440]) {
    test(`the date filters show their whole date at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, 'ru', CLIENT);
      await page.goto('/ru/history');
      await settled(page);
      await expect(page.locator('.filters input[type=date]').first()).toBeVisible();
      expect(await page.evaluate(cutDateInputs)).toEqual([]);
    });
  }
});
