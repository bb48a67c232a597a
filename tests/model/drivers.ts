import { expect, type Locator, type Page } from '@playwright/test';
import { ADMIN, CLIENT, DEMO_PASSWORD, rememberAdminDevice } from '../e2e/support';
import type { AppContext, AppEvent, AppView, Role } from './app.model';
import { htmlLang, text } from './texts';

/**
 * The browser half of the app model: how a user (or the server) performs each event, and what
 * the user sees in each state. Both maps are checked by `satisfies`: an event without a driver,
 * or a state without an assertion, does not compile.
 */

type Driver<E extends AppEvent> = (page: Page, event: E, context: AppContext) => Promise<void>;
type Drivers = { [T in AppEvent['type']]: Driver<Extract<AppEvent, { type: T }>> };
type Assertion = (page: Page, context: AppContext) => Promise<void>;

const DEMO: Record<Role, { email: string; firstName: string }> = {
  client: { email: CLIENT, firstName: 'Daniel' },
  admin: { email: ADMIN, firstName: 'Alexandra' },
};

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();

/**
 * Clicks, unless the session-expired alert comes up first: after the server revoked the token, a
 * background call of the screen (the chat's realtime authorisation, say) may meet the 401 before the
 * user acts. The alert then covers the page and is already the outcome the click was to lead to.
 */
async function clickUnlessExpired(page: Page, target: Locator, locale: AppContext['locale']): Promise<void> {
  const expired = page.getByRole('alertdialog', { name: text(locale, 'token_expired_alert_title') });
  const shown = expired.waitFor({ state: 'visible' }).then(
    () => 'expired' as const,
    () => 'gone' as const,
  );
  const clicked = target.click().then(
    () => 'clicked' as const,
    (error: unknown) => error,
  );
  const first = await Promise.race([clicked, shown.then((outcome) => (outcome === 'expired' ? outcome : clicked))]);
  if (first !== 'clicked' && first !== 'expired') throw first;
}

export const drivers = {
  SIGN_IN: async (page, { role }, { locale }) => {
    if (role === 'admin') await rememberAdminDevice(page.context());
    await page.getByLabel(text(locale, 'E-mail')).fill(DEMO[role].email);
    await page.getByLabel(text(locale, 'Password'), { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: text(locale, 'Sign in'), exact: true }).click();
  },
  SIGN_OUT: async (page, _, { locale }) => {
    await page.getByRole('button', { name: text(locale, 'Sign out') }).click();
  },
  OPEN_SETTINGS: async (page, _, { locale, role }) => {
    // A visitor has no link to it: they follow a bookmark.
    if (role === null) await page.goto(`/${locale}/settings`);
    else await clickUnlessExpired(page, mainNav(page).getByRole('link', { name: text(locale, 'Settings') }), locale);
  },
  OPEN_ADMINISTRATION: async (page, _, { locale, role }) => {
    // Only admins see the entry; a client types the address.
    if (role === 'admin') await mainNav(page).getByRole('link', { name: text(locale, 'Administration') }).click();
    else await page.goto(`/${locale}/administration`);
  },
  GO_HOME: async (page, _, { locale }) => {
    await mainNav(page).getByRole('link', { name: text(locale, 'Home') }).click();
  },
  CHANGE_LOCALE: async (page, event, { locale }) => {
    await page.getByLabel(text(locale, 'Language')).selectOption(event.locale);
  },
  SESSION_REVOKED: async (page) => {
    // Once the screen has loaded its data (the chat widget looks up its room in the background),
    // the server ends the session, as a sign-out on another device would: the token stops working.
    await page.waitForLoadState('networkidle');
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
    expect(token, 'the signed-in browser holds a token cookie').toBeTruthy();
    const response = await page.request.post('/api/logout', {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(204);
  },
  CONFIRM_ALERT: async (page, _, { locale }) => {
    await page.getByRole('alertdialog').getByRole('button', { name: text(locale, 'ok') }).click();
  },
} satisfies Drivers;

export function drive(page: Page, event: AppEvent, context: AppContext): Promise<void> {
  return (drivers[event.type] as Driver<AppEvent>)(page, event, context);
}

export const assertions = {
  visitor: async (page, { locale }) => {
    await expect(page).toHaveURL(new RegExp(`/${locale}/login$`));
    await expect(page.getByRole('heading', { level: 1, name: text(locale, 'Sign in') })).toBeVisible();
    await expect(page.getByRole('button', { name: text(locale, 'Sign out') })).toHaveCount(0);
  },
  'signedIn.home': async (page, { locale, role }) => {
    await expect(page).toHaveURL(new RegExp(`/${locale}/home$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(DEMO[role!].firstName);
    await expect(page.getByRole('button', { name: text(locale, 'Sign out') })).toBeVisible();
    // Only an admin sees the way into the administration.
    await expect(mainNav(page).getByRole('link', { name: text(locale, 'Administration') })).toHaveCount(
      role === 'admin' ? 1 : 0,
    );
  },
  'signedIn.settings': async (page, { locale, role }) => {
    await expect(page).toHaveURL(new RegExp(`/${locale}/settings/profile$`));
    await expect(page.getByRole('heading', { level: 1, name: text(locale, 'Settings') })).toBeVisible();
    // The profile form holds the signed-in user's details.
    await expect(page.getByRole('main').getByLabel(text(locale, 'E-mail'), { exact: true })).toHaveValue(DEMO[role!].email);
  },
  'signedIn.administration': async (page, { locale }) => {
    await expect(page).toHaveURL(new RegExp(`/${locale}/administration/chats$`));
    await expect(page.getByRole('heading', { level: 1, name: text(locale, 'Administration') })).toBeVisible();
  },
  sessionExpired: async (page, { locale }) => {
    const alert = page.getByRole('alertdialog', { name: text(locale, 'token_expired_alert_title') });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(text(locale, 'token_expired_alert_text'));
  },
} satisfies Record<AppView, Assertion>;

/** What every state shows: the page in the path's language. */
export async function expectView(page: Page, view: AppView, context: AppContext): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(context.locale));
  await assertions[view](page, context);
}
