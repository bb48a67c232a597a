import { expect, type Page, test } from '@playwright/test';
import { CLIENT, signIn } from './support';

/**
 * Moving between screens (seed: scroll to the top 190 ms after a navigation, out-in transition).
 * The first screen of a visit neither fades in nor jumps back to the top: a click or a scroll made
 * in its first moments lands on the page. The page runs on Playwright's clock, so "190 ms later"
 * is a step of that clock, not a wait.
 */

interface Counted {
  transitions: number;
  scrollsToTop: number;
}

/** Counts the view transitions and the jumps to the top (the router's own on rendering a new
 * screen, and the seed's 190 ms later), from before the app's first line runs. */
async function count(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Counted;
    w.transitions = 0;
    w.scrollsToTop = 0;
    const scrollTo = window.scrollTo.bind(window);
    window.scrollTo = ((...args: [ScrollToOptions?]) => {
      if (args[0]?.top === 0) w.scrollsToTop += 1;
      scrollTo(...args);
    }) as typeof window.scrollTo;
    const start = document.startViewTransition?.bind(document);
    if (!start) return;
    document.startViewTransition = ((update?: ViewTransitionUpdateCallback) => {
      w.transitions += 1;
      return start(update);
    }) as typeof document.startViewTransition;
  });
}

const counted = (page: Page) => page.evaluate(() => ({ ...(window as unknown as Counted) }) as Counted).then(({ transitions, scrollsToTop }) => ({ transitions, scrollsToTop }));
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.use({ viewport: { width: 1280, height: 420 } });

test('the first screen keeps the visitor’s scroll and clicks; a link fades to the next screen and starts at its top', async ({ page }) => {
  await signIn(page, CLIENT);
  await expect(page).toHaveURL(/\/en\/home$/);
  await count(page);
  await page.clock.install();
  await page.goto('/en/settings/profile');
  const save = page.getByRole('button', { name: 'Change password' });
  await save.scrollIntoViewIfNeeded();
  const scrolled = await scrollY(page);
  expect(scrolled).toBeGreaterThan(0);
  await page.evaluate(() => {
    (window as unknown as Counted).scrollsToTop = 0;
  });
  // Whatever the first screen had set for "190 ms later" has run after this.
  await page.clock.runFor(1_000);
  expect(await scrollY(page)).toBe(scrolled);
  expect(await counted(page)).toEqual({ transitions: 0, scrollsToTop: 0 });

  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/en\/settings\/notifications$/);
  await expect(page.getByRole('checkbox', { name: 'Document rejected: by e-mail' })).toBeVisible();
  await page.clock.runFor(1_000);
  await expect.poll(() => scrollY(page)).toBe(0);
  expect((await counted(page)).transitions).toBe(1);
});

test.describe('asked for less motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('screens change without a transition', async ({ page }) => {
    await signIn(page, CLIENT);
    await expect(page).toHaveURL(/\/en\/home$/);
    await count(page);
    await page.goto('/en/settings/profile');
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/en\/settings\/notifications$/);
    await expect(page.getByRole('checkbox', { name: 'Document rejected: by e-mail' })).toBeVisible();
    expect((await counted(page)).transitions).toBe(0);
  });
});
