/**
 * Screenshots of the support chat: the client's widget (open, with a conversation, the manager
 * typing) and the administration's chats, light and dark, wide and narrow.
 * Usage: `tsx scripts/chat-screenshots.ts [baseUrl] [outDir] [lang]` against a running server
 * with the demo accounts (it adds a conversation for client@traderoom.test).
 */
import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from '@playwright/test';
import { demoToken, rememberAdmin } from './demo-sign-in.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:8000';
const out = process.argv[3] ?? 'var/screenshots';
const lang = process.argv[4] ?? 'en';
mkdirSync(out, { recursive: true });
const sizes = { wide: { width: 1440, height: 900 }, narrow: { width: 390, height: 844 } } as const;

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}
const login = (email: string) => demoToken(base, email);

const client = await login('client@traderoom.test');
const admin = await login('admin@traderoom.test');
const room = await api<{ id: number; message_all: unknown[] }>('/api/chat/room', { name: 'Daniel Carter', agent_name: 'Support', user_id: 0 }, client);
if (room.message_all.length === 0) {
  const say = (text: string, token: string) => api(`/api/chat/room/${room.id}/message`, { message: text }, token);
  await say('Hello! I made a deposit this morning, but my EUR account still shows the old balance.', client);
  await say('Good morning, Daniel. Deposits by bank transfer usually arrive within one business day. Let me check yours.', admin);
  await say('Thank you. It was 2,500 EUR from my bank in Frankfurt.', client);
  await say('Found it: the transfer is confirmed and will be credited by 14:00 today.', admin);
  await say('<script>alert("this shows as text")</script>', client);
}

async function signIn(page: Page, email: string) {
  if (email.startsWith('admin@')) await rememberAdmin(page.context(), base);
  await page.goto(`${base}/${lang}/login`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('traderoom-demo');
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/home$/);
}

async function shoot(browser: Browser, theme: 'light' | 'dark', sizeName: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: 'user-theme', value: `${theme}-theme`, url: base }]);
  const page = await context.newPage();
  await signIn(page, 'client@traderoom.test');
  await page.locator('.chat-launcher').click();
  await page.locator('.chat-bubble').first().waitFor();
  await page.locator('.chat-input').fill('One more question about');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${lang}-chat-widget-${theme}-${sizeName}.png` });

  const staff = await (await browser.newContext({ viewport })).newPage();
  await staff.context().addCookies([{ name: 'user-theme', value: `${theme}-theme`, url: base }]);
  await signIn(staff, 'admin@traderoom.test');
  await staff.goto(`${base}/${lang}/administration/chats`);
  await staff.locator('.admin-room').first().click();
  await staff.locator('.chat-bubble').first().waitFor();
  await page.locator('.chat-input').pressSequentially(' withdrawals');
  await staff.getByText(/typing|печатает|друкує/).waitFor();
  await staff.waitForTimeout(300);
  await staff.screenshot({ path: `${out}/${lang}-chat-admin-${theme}-${sizeName}.png` });
  await staff.context().close();
  await context.close();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const theme of ['light', 'dark'] as const) {
  for (const [sizeName, viewport] of Object.entries(sizes)) await shoot(browser, theme, sizeName, viewport);
}
await browser.close();
console.log(`Chat screenshots in ${out}`);
