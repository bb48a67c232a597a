import { expect, test } from '@playwright/test';
import { ADMIN, appPath, CLIENT, holdSession, linkTo, receivedMail, signIn, uniqueEmail } from './support';

test('a visitor at the root is sent to the sign-in screen in the default language', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/en\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in · Traderoom');
});

test('a newcomer registers, verifies the e-mail from the mailed link, signs in and signs out', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/en/register');
  await page.getByLabel('First name').fill('Maria');
  await page.getByLabel('Last name').fill('Novak');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Confirm password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(`We sent the link to ${email}.`)).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();

  const mail = await receivedMail(email, 'Verify your e-mail address');
  expect(mail.text).toContain('Hello Maria,');
  await page.goto(appPath(linkTo(mail, '/en/email/verify/')));
  await expect(page.getByText('Your e-mail address is verified. You can sign in now.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/en\/login$/);
  // The address changes before the sign-in screen replaces the verification one: wait for its heading.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Maria');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en\/login$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'token')).toBeUndefined();
});

test('registration errors show under their fields and keep what was typed', async ({ page }) => {
  await page.goto('/en/register');
  await page.getByLabel('First name').fill('Taken');
  await page.getByLabel('Last name').fill('Address');
  await page.getByLabel('E-mail').fill(CLIENT);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText('The e-mail has already been taken.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Taken');
  await expect(page.getByLabel('E-mail')).toHaveValue(CLIENT);
  // Seed: a field's errors clear on keydown in it.
  await page.getByLabel('E-mail').press('End');
  await expect(page.getByText('The e-mail has already been taken.')).toBeHidden();
});

test('signing in without "remember me" keeps the token in a session cookie', async ({ page }) => {
  await signIn(page, CLIENT);
  await expect(page).toHaveURL(/\/en\/home$/);
  const token = (await page.context().cookies()).find((c) => c.name === 'token');
  expect(token?.expires).toBe(-1);
});

test('signing in with "remember me" keeps the token for a year', async ({ page }) => {
  await signIn(page, CLIENT, undefined, true);
  await expect(page).toHaveURL(/\/en\/home$/);
  const token = (await page.context().cookies()).find((c) => c.name === 'token');
  const days = ((token?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/home$/);
});

test('a wrong password is refused with a message and the e-mail stays in the form', async ({ page }) => {
  await signIn(page, CLIENT, 'not-the-password');
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(CLIENT);
  await expect(page).toHaveURL(/\/en\/login$/);
});

test('a signed-out visitor is sent back to the page they asked for after signing in', async ({ page }) => {
  await page.goto('/en/settings/verification');
  await expect(page).toHaveURL(/\/en\/login$/);
  await page.getByLabel('E-mail').fill(CLIENT);
  await page.getByLabel('Password').fill('traderoom-demo');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/settings\/verification$/);
});

test('a client is kept out of the administration and does not see its entry', async ({ page }) => {
  await signIn(page, CLIENT);
  await expect(page).toHaveURL(/\/en\/home$/);
  await expect(page.getByRole('link', { name: 'Administration' })).toHaveCount(0);
  await page.goto('/en/administration/chats');
  await expect(page).toHaveURL(/\/en\/home$/);
});

test('an admin opens the administration, which starts at the chats', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/en\/administration\/chats$/);
  await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
});

test('a signed-in user who opens the sign-in screen is sent home', async ({ page }) => {
  await signIn(page, CLIENT);
  await expect(page).toHaveURL(/\/en\/home$/);
  await page.goto('/en/login');
  await expect(page).toHaveURL(/\/en\/home$/);
});

test('a reload while the app still asks who is signed in keeps the visitor signed in', async ({ page, context, request, baseURL }) => {
  await holdSession(context, request, baseURL!);
  let first = true;
  const asked = page.waitForRequest('**/api/user');
  // The first page's question is never answered: the reload ends it, as when a visitor reloads early.
  await page.route('**/api/user', async (route) => {
    if (!first) return route.continue();
    first = false;
  });
  await page.goto('/en/home');
  await asked;
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Daniel$/);
  await expect(page).toHaveURL(/\/en\/home$/);
  expect((await context.cookies()).some((cookie) => cookie.name === 'token')).toBe(true);
});
