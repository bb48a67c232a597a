import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { DEMO_ADMIN_TOTP_SECRET } from '../../server/db/seed';
import { linkTo, parseMail, type ReceivedMail } from '../mail/received';

export { linkTo, type ReceivedMail };

export const DEMO_PASSWORD = 'traderoom-demo';
export const CLIENT = 'client@traderoom.test';
export const ADMIN = 'admin@traderoom.test';

/** The demo admin's authenticator code now (the seed enrols the admin with a known key; README). */
export function adminCode(at = Date.now()): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(DEMO_ADMIN_TOTP_SECRET), timestamp: at });
}

/**
 * A remembered device of the demo admin, made once per test server with a real second step
 * (password, then a code) and kept beside the server's mailbox: a TOTP code is good once, and the
 * specs sign the admin in many times within its 30 seconds. The specs of the second factor
 * themselves sign in without it.
 */
export async function adminDeviceToken(): Promise<string> {
  const file = join(process.env.E2E_MAILBOX ?? '.', '..', `traderoom-e2e-admin-device-${process.env.E2E_PORT ?? 8123}`);
  if (existsSync(file)) {
    const [server, token] = readFileSync(file, 'utf8').split('\n');
    if (server === serverStamp() && token) return token;
  }
  const api = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 8123}` });
  try {
    const first = await api.post('/api/login', { data: { email: ADMIN, password: DEMO_PASSWORD } });
    const { challenge } = (await first.json()) as { challenge: string };
    const second = await api.post('/api/two-factor-challenge', { data: { challenge, code: adminCode(), remember_device: true } });
    expect(second.status(), await second.text()).toBe(200);
    const token = (await api.storageState()).cookies.find((cookie) => cookie.name === 'trusted_device')!.value;
    writeFileSync(file, `${serverStamp()}\n${token}`);
    return token;
  } finally {
    await api.dispose();
  }
}

/** The test server's start, as its mailbox directory's birth: a new server needs a new device. */
function serverStamp(): string {
  const dir = process.env.E2E_MAILBOX;
  return dir && existsSync(dir) ? String(Math.floor(statSync(dir).birthtimeMs || statSync(dir).ctimeMs)) : 'none';
}

/** Puts the demo admin's remembered device into the browser, so the sign-in skips the second step. */
export async function rememberAdminDevice(context: BrowserContext): Promise<void> {
  const base = `http://127.0.0.1:${process.env.E2E_PORT ?? 8123}`;
  await context.addCookies([{ name: 'trusted_device', value: await adminDeviceToken(), url: `${base}/api` }]);
}

/** `Cookie` header of the demo admin's remembered device, for API sign-ins in specs. */
export async function adminDeviceCookie(): Promise<string> {
  return `trusted_device=${await adminDeviceToken()}`;
}

/** Headers of a signed-in API caller; the demo admin signs in from its remembered device (staff hold a second factor). */
export async function apiHeaders(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<Record<string, string>> {
  const device: Record<string, string> = email === ADMIN ? { cookie: await adminDeviceCookie() } : {};
  const res = await request.post('/api/login', { headers: { accept: 'application/json', ...device }, data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}`, accept: 'application/json' };
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, remember = false) {
  if (email === ADMIN) await rememberAdminDevice(page.context());
  await page.goto('/en/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The sign-in page's passkey button, in each language the tests open it in. */
const PASSKEY_LABEL = { en: 'Sign in with a passkey', ru: 'Войти с ключом доступа' } as const;

/** A language the tests open the sign-in page in. */
export type SignInLanguage = keyof typeof PASSKEY_LABEL;

/**
 * The sign-in page is the app's, not only the server's HTML: the prerendered form shows before any
 * script, but its passkey button is prerendered disabled and only React enables it (docs/adr/0110).
 */
export async function signInPageHydrated(page: Page, lang: SignInLanguage = 'en'): Promise<void> {
  await expect(page.getByRole('button', { name: PASSKEY_LABEL[lang], exact: true })).toBeEnabled();
}

export async function expectNoAxeViolations(page: Page) {
  // A navigation keeps the old screen up to 200 ms and then loads the new one's chunk: audit the
  // screen once it has arrived (every screen has its main landmark and one level-one heading).
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
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

/** Every mail the test server's SMTP sink received for `address`, oldest first. */
export async function mailTo(address: string): Promise<ReceivedMail[]> {
  const dir = process.env.E2E_MAILBOX!;
  const files = readdirSync(dir).filter((name) => name.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map((name) => parseMail(readFileSync(join(dir, name)))));
  return mails.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
}

/**
 * The newest mail to `address` whose subject matches, waiting until it has arrived (the app
 * sends it before answering, but the sink files it on its own schedule).
 */
export async function receivedMail(address: string, subject: string | RegExp): Promise<ReceivedMail> {
  const matches = async () => (await mailTo(address)).filter((m) => (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)));
  await expect.poll(async () => (await matches()).length, { message: `mail "${subject}" to ${address}` }).toBeGreaterThan(0);
  return (await matches()).at(-1)!;
}

/** The app path (with query) of a mailed link, for `page.goto`. */
export function appPath(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/**
 * A fresh client account, ready to sign in with `signIn(page, client.email, client.password)`:
 * registered through the API, its e-mail verified by following the link that arrived by mail.
 * Specs that need an account nobody else touches use this rather than registering through the UI,
 * so that the registration flow is exercised in one place only.
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
  const link = linkTo(await receivedMail(client.email, 'Verify your e-mail address'), '/email/verify/');
  const verified = await request.post(`/api/email/verify/${link.pathname.split('/').pop()}${link.search}`, {
    headers: { accept: 'application/json' },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return client;
}

/** `email`'s session (the demo client's by default) as the cookie the app keeps it in; with `timeZone`, the clock the app wrote on an earlier visit (docs/adr/0112). */
export async function holdSession(
  context: BrowserContext,
  request: APIRequestContext,
  baseURL: string,
  { email = CLIENT, password, timeZone }: { email?: string; password?: string; timeZone?: string } = {},
): Promise<void> {
  const token = (await apiHeaders(request, email, password)).authorization!.replace('Bearer ', '');
  await context.addCookies([{ name: 'token', value: token, url: baseURL }, ...(timeZone ? [{ name: 'tz', value: timeZone, url: baseURL }] : [])]);
}

/** A layout shift the browser reported without recent input, with its sources as `tag.class.class`. */
export interface LayoutShift {
  value: number;
  sources: string[];
  /** Whether any source is (or was, when the node is gone) in the content (<main>) rather than the navbar or sidebar. */
  content: boolean;
}

/**
 * Keeps every layout shift the page's browser reports from its start (PerformanceObserver, buffered,
 * so those before the page's own scripts count too); read them with `layoutShifts`.
 */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[]; content: boolean }[] = [];
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? 'gone');
      const classes = node.classList.length > 0 ? `.${[...node.classList].join('.')}` : '';
      return `${node.tagName.toLowerCase()}${classes}`;
    };
    type Reported = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
    const take = (entries: PerformanceEntry[]) => {
      for (const entry of entries as Reported[]) {
        if (entry.hadRecentInput) continue;
        const nodes = entry.sources.map((source) => source.node);
        const content = nodes.some((node) => !(node instanceof Element) || node.closest('main') !== null);
        shifts.push({ value: entry.value, sources: nodes.map(describe), content });
      }
    };
    const observer = new PerformanceObserver((list) => take(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    Object.assign(window, {
      // Whatever the browser has measured and not yet delivered, then everything seen, after two frames.
      shifts_: () =>
        new Promise((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              take(observer.takeRecords());
              resolve(shifts);
            }),
          ),
        ),
    });
  });
}

/** The layout shifts so far (watchLayoutShifts), once two more frames have been drawn. */
export async function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { shifts_: () => Promise<LayoutShift[]> }).shifts_());
}

/**
 * Holds every request of the page matching `url` (the app's scripts, a font, the socket's sign-in)
 * until the returned function is called, as a slow line would.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
