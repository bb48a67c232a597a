import { expect, test } from '@playwright/test';
import { holdRequests, layoutShifts, signInPageHydrated, watchLayoutShifts } from './support';

/**
 * The prerendered sign-in page does not move while what comes after its first paint arrives
 * (docs/adr/0110): the Inter web font swapping in for the fallback face, the app taking the page
 * over, and the OAuth buttons once the server has named its providers (the e2e server has one).
 * Every layout shift the browser reports (buffered, so those before any script count too) is kept
 * with its sources: no block may move, and the text that does (by its own width) sums to under 0.001.
 *
 * The font is held until the page has painted, as on a slow line, so the first paint is the
 * fallback's. On this machine the fallback is DejaVu Sans (the only local font): the test holds
 * that face's metrics (src/ui/styles/font-fallback.css); elsewhere it is Arial's.
 */

/**
 * The page's blocks: none may move. What may, sideways and by a few pixels, as a line of text
 * narrows or widens with the face: the right-aligned "Forgot your password?" link, an icon beside a
 * centred label, the navbar's right-aligned actions box (its own edge; home-stability.spec.ts).
 */
const BLOCK = /^(header|form|div\.field|div\.form-actions|div\.passkey-sign-in|div\.oauth|div\.auth-footer|button|section|main)\b/;

// Not at 360 px: there "Continue with Loopback ID" takes two lines, and the held place is one
// button line high (docs/adr/0110, what is not done).
for (const { width, height, lang, oauth } of [
  { width: 412, height: 823, lang: 'en', oauth: 'Continue with Loopback ID' },
  { width: 1440, height: 900, lang: 'en', oauth: 'Continue with Loopback ID' },
  { width: 1440, height: 900, lang: 'ru', oauth: 'Продолжить через Loopback ID' },
] as const) {
  test(`the sign-in page at ${width}x${height} (${lang}) does not move when the font, the app and the OAuth buttons arrive`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await watchLayoutShifts(page);
    const releaseFont = await holdRequests(page, '**/*.woff2');
    await page.goto(`/${lang}/login`, { waitUntil: 'commit' });
    // Painted in the fallback face, then Inter arrives.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"', 'Sign in'))).toBe(false);
    releaseFont();
    await page.waitForFunction(() => [...document.fonts].some((face) => face.family === 'Inter Variable' && face.status === 'loaded'));
    // The app's, then the provider's button.
    await signInPageHydrated(page, lang);
    await expect(page.getByRole('button', { name: oauth })).toBeVisible();
    const shifts = await layoutShifts(page);
    // No block moves (the heading, the fields, the buttons, the footer); text may shift sideways, by less than 0.001 in all.
    for (const shift of shifts) expect(shift.sources.filter((source) => BLOCK.test(source)), JSON.stringify(shifts)).toEqual([]);
    expect(shifts.reduce((sum, shift) => sum + shift.value, 0)).toBeLessThan(0.001);
  });
}
