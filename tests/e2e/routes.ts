import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, rememberAdminDevice } from './support';

/** The app's routes as the browser specs visit them, read from the route tree so that none escapes. */
export const LANGS = ['en', 'ru', 'ua'] as const;
export type Persona = 'guest' | 'client' | 'staff';

/** Values for the route parameters; a new parameter without one fails the test instead of being skipped. */
const PARAMS: Record<string, string> = {
  $slug: 'eurusd-weekly-outlook',
  $token: 'an-expired-reset-token',
  $id: '1?expires=1&signature=invalid',
  $: 'no-such-page',
  // Filled in after sign-in with an account of the one signed in (`resolve()`); a stranger's or none: not found.
  $login: '{login}',
  // A seeded strategy (or none: its not-found page); another client's subscription or none: not found.
  $strategyId: '1',
  $subscriptionId: '1',
};

/** The visit's path with the signed-in user's own values: `{login}` becomes their first account's login. */
export async function resolve(page: Page, path: string): Promise<string> {
  if (!path.includes('{login}')) return path;
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  const answer = token ? await page.request.get('/api/trading-account', { headers: { Authorization: `Bearer ${decodeURIComponent(token)}` } }) : null;
  const accounts = answer?.ok() ? ((await answer.json()) as Array<{ number: string }>) : [];
  return path.replace('{login}', accounts[0]?.number ?? '10000000');
}

/** The route ids of src/routeTree.gen.ts, so that a route added later is checked without editing this file. */
function routeIds(): string[] {
  const source = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8');
  const body = source.match(/export interface FileRoutesById \{([\s\S]*?)\n\}/)?.[1] ?? '';
  return [...body.matchAll(/^\s+'([^']+)':/gm)].map((m) => m[1]!);
}

export interface Visit {
  id: string;
  path: string;
  personas: Persona[];
}

/** Leaf routes (a layout route is seen through its children), as URL paths and who can open them. */
export function visits(): Visit[] {
  const ids = routeIds().filter((id) => id.startsWith('/'));
  const leaves = ids.filter((id) => id.endsWith('/') || !ids.some((other) => other.startsWith(`${id}/`)));
  return leaves.map((id) => {
    const segments = id
      .split('/')
      .filter((segment) => segment !== '' && !segment.startsWith('_'))
      .map((segment) => {
        if (segment === '$lang' || !segment.startsWith('$')) return segment;
        const value = PARAMS[segment];
        if (value === undefined) throw new Error(`layout.spec.ts: give the route parameter ${segment} (route ${id}) a value in PARAMS`);
        return value;
      });
    const personas: Persona[] = id.includes('/_guest/')
      ? ['guest']
      : id.includes('/_admin/')
        ? ['staff']
        : id.includes('/_auth/')
          ? ['client', 'staff']
          : ['guest', 'client', 'staff'];
    return { id, path: `/${segments.join('/')}`, personas };
  });
}

/** The page has loaded its data: no request out, no loader, no skeleton. */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main[aria-busy="true"], .skeleton, .content-loader')).toHaveCount(0);
}

/** Signs in through the form in `lang`, whatever the labels say in it. */
export async function signInAs(page: Page, lang: string, email: string) {
  if (email === ADMIN) await rememberAdminDevice(page.context());
  await page.goto(`/${lang}/login`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/home$/);
}
