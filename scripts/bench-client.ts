/**
 * The sign-in path and the first signed-in screen as a visitor gets them (issue 16, "The sign-in path"):
 * - the JavaScript a first visit downloads, gzipped, on /en/login, /ru/login and /en/home signed in,
 *   read in Chromium from a built app (goals 120, 120 and 145 KB);
 * - Lighthouse's mobile preset on /en/login and /en/home: performance score and LCP (goals 100 with
 *   LCP under 1.2 s, and at least 95), Debian's Chromium.
 * Alone, on a running server: `npx tsx scripts/bench-client.ts http://127.0.0.1:PORT [--no-lighthouse]` (after a build).
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const CLIENT = 'client@traderoom.test';
const PASSWORD = 'traderoom-demo';

interface Weight {
  path: string;
  scripts: Array<{ path: string; raw: number; gzip: number }>;
  total: number;
  css: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (path: string) => gzipSync(readFileSync(`dist${path}`), { level: 9 }).length;

/** Every script and stylesheet the page asked for until the network was quiet, weighed from dist/. */
async function weigh(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<Weight> {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) scripts.add(path);
    if (path.endsWith('.css')) styles.add(path);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  const rows = [...scripts].map((path) => ({ path, raw: readFileSync(`dist${path}`).length, gzip: gz(path) }));
  rows.sort((a, b) => b.gzip - a.gzip);
  return {
    path: new URL(url).pathname,
    scripts: rows,
    total: rows.reduce((sum, row) => sum + row.gzip, 0),
    css: [...styles].reduce((sum, path) => sum + gz(path), 0),
  };
}

/** The cookies a visitor has after signing in through the app: the session's token, and the time zone the app keeps (docs/adr/0112). */
export interface SignedIn {
  token: string;
  tz: string | undefined;
}

export async function signedInCookie(browser: Browser, base: string): Promise<SignedIn> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/en/login`);
  await page.getByLabel('E-mail').fill(CLIENT);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/en\/home$/);
  // The home screen as the visitor sees it: the signed-in layout has then kept the time zone.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => document.cookie.split('; ').some((cookie) => cookie.startsWith('tz=')));
  const cookies = await context.cookies();
  await context.close();
  const token = cookies.find((cookie) => cookie.name === 'token')?.value;
  if (!token) throw new Error('no token cookie after signing in');
  return { token, tz: cookies.find((cookie) => cookie.name === 'tz')?.value };
}

export const cookiesOf = (visitor: SignedIn, url: string) => [
  { name: 'token', value: visitor.token, url },
  ...(visitor.tz ? [{ name: 'tz', value: visitor.tz, url }] : []),
];

function printWeight(weight: Weight, goalKb: number): void {
  console.log(`\nFirst visit to ${weight.path} (Chromium, built app):`);
  for (const row of weight.scripts) console.log(`  ${row.path.padEnd(52)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(10)} gzip`);
  console.log(`  JavaScript: ${weight.scripts.length} files, ${kb(weight.total)} gzipped (goal at most ${goalKb} KB: ${weight.total / 1024 <= goalKb ? 'met' : 'NOT met'})`);
  console.log(`  CSS: ${kb(weight.css)} gzipped (fonts excluded)`);
}

export async function pageWeights(base: string): Promise<{ visitor: SignedIn }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    // The screen as a visitor uses it: React has taken the prerendered form over (its passkey
    // button is prerendered disabled), and the provider buttons, loaded after it, show. Waiting for
    // the prerendered sign-in button instead, a run now and then missed the last chunks.
    const ready = (passkey: string) => async (page: Page) => {
      await page.getByRole('button', { name: passkey, exact: true, disabled: false }).waitFor();
      await page.getByRole('button', { name: /Loopback ID/ }).waitFor();
    };
    for (const [lang, passkey] of [['en', 'Sign in with a passkey'], ['ru', 'Войти с ключом доступа']] as const) {
      const context = await browser.newContext();
      printWeight(await weigh(await context.newPage(), `${base}/${lang}/login`, ready(passkey)), 120);
      await context.close();
    }
    const visitor = await signedInCookie(browser, base);
    const context = await browser.newContext();
    await context.addCookies(cookiesOf(visitor, base));
    // The signed-in frame shows the greeting before any script; the app's own screen has replaced it.
    const homeReady = (page: Page) => page.locator('#app:not([data-frame]) h1').first().waitFor();
    printWeight(await weigh(await context.newPage(), `${base}/en/home`, homeReady), 145);
    await context.close();
    return { visitor };
  } finally {
    await browser.close();
  }
}

interface LighthouseRow {
  path: string;
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
}

/** Lighthouse's mobile preset (its default: a slow 4G and a 4x slower CPU, simulated), performance only. */
async function lighthouseRun(url: string, visitor?: SignedIn): Promise<LighthouseRow> {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...ARGS] });
  try {
    // The signed-in visitor's cookies, set in the browser itself (the app reads them from document.cookie);
    // Lighthouse's storage reset leaves cookies alone.
    if (visitor) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await browser.contexts()[0]!.addCookies(cookiesOf(visitor, url));
      await browser.close();
    }
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const ms = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== new URL(url).pathname) throw new Error(`Lighthouse landed on ${landed}, not ${url}`);
    return {
      path: new URL(url).pathname,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: ms('largest-contentful-paint'),
      fcp: ms('first-contentful-paint'),
      tbt: ms('total-blocking-time'),
    };
  } finally {
    chrome.kill();
  }
}

/** Three runs, the median by score first (Lighthouse varies from run to run on a shared machine). */
async function lighthouseRuns(url: string, visitor?: SignedIn): Promise<{ median: LighthouseRow; scores: number[] }> {
  const runs: LighthouseRow[] = [];
  for (let i = 0; i < 3; i++) runs.push(await lighthouseRun(url, visitor));
  const scores = runs.map((run) => run.score);
  runs.sort((a, b) => a.score - b.score || b.lcp - a.lcp);
  return { median: runs[1]!, scores };
}

/**
 * Lighthouse simulates a CPU four times slower by scaling the tasks it measures on this machine, so
 * its scores follow the machine's load (docs/performance.md): the load is printed beside them.
 */
const load = () => `load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} on ${cpus().length} cores`;

export async function lighthouseScores(base: string, visitor: SignedIn): Promise<void> {
  console.log(`\nLighthouse, mobile preset, performance (median of 3 runs; ${load()} before them):`);
  const goals: Record<string, string> = { '/en/login': 'goal 100, LCP under 1.2 s', '/en/home': 'goal at least 95' };
  for (const [path, cookie] of [['/en/login', undefined], ['/en/home', visitor]] as const) {
    const { median: row, scores } = await lighthouseRuns(`${base}${path}`, cookie);
    console.log(
      `  ${row.path.padEnd(10)} score ${String(row.score).padStart(3)}  LCP ${(row.lcp / 1000).toFixed(2)} s  FCP ${(row.fcp / 1000).toFixed(2)} s  TBT ${Math.round(row.tbt)} ms  (${goals[path]}; the 3 runs: ${scores.join(', ')})`,
    );
  }
  console.log(`  ${load()} after them`);
}

export async function clientBench(base: string, { lighthouse = true } = {}): Promise<void> {
  const { visitor } = await pageWeights(base);
  if (lighthouse) await lighthouseScores(base, visitor);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2];
  if (!base) throw new Error('usage: tsx scripts/bench-client.ts http://127.0.0.1:PORT [--no-lighthouse]');
  await clientBench(base, { lighthouse: !process.argv.includes('--no-lighthouse') });
}
