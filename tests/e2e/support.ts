import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'traderoom-demo';
export const CLIENT = 'client@traderoom.test';
export const ADMIN = 'admin@traderoom.test';

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, remember = false) {
  await page.goto('/en/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export interface NewClient {
  email: string;
  password: string;
  firstName: string;
  secondName: string;
}

/**
 * A fresh client account, ready to sign in with `signIn(page, client.email, client.password)`.
 * Specs that need an account nobody else touches use this rather than registering through the UI,
 * so that the registration flow (and any verification it requires) is exercised in one place only.
 */
export async function createClient(request: APIRequestContext, prefix = 'client'): Promise<NewClient> {
  const client = { email: uniqueEmail(prefix), password: 'Correct-Horse-7', firstName: 'Test', secondName: 'Client' };
  const response = await request.post('/api/register', {
    headers: { accept: 'application/json' },
    data: {
      first_name: client.firstName,
      second_name: client.secondName,
      email: client.email,
      password: client.password,
      password_confirmation: client.password,
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return client;
}
